/**
 * The baseline: a bare Socket.IO server (same options as the gateway) that puts each socket
 * in the room its handshake names and broadcasts whatever it is told to, at once.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const server = createServer(async (req, res) => {
  if (req.method === 'POST' && req.url === '/emit') {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const list = JSON.parse(raw) as { room: string; event: string; payload: unknown }[];
    for (const { room, event, payload } of list) io.to(room).emit(event, payload);
    res.writeHead(200).end('{}');
    return;
  }
  res.writeHead(404).end();
});
const io = new Server(server, {
  path: '/socket.io',
  serveClient: false,
  transports: ['websocket'],
  maxHttpBufferSize: 16 * 1024,
});
io.on('connection', (socket) => {
  const room = socket.handshake.query.room;
  if (typeof room === 'string') void socket.join(room);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`BARE_PORT=${typeof address === 'object' && address ? address.port : 0}`);
});
