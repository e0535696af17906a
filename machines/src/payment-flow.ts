import type { TPaymentStatus } from '@club/shared/orders';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

/**
 * Paying one order on the phone: loading → choosing → waiting for Vipps or
 * waiting for staff → paid | failed | expired | canceled. The server is the truth: the
 * machine derives where it stands from `GET /payment/status/{id}` on entry and every
 * `pollMs` while it waits, so a reload, the back button or a second tab never shows a
 * stale state. No I/O here: the app provides the actors (`machine.provide({ actors })`).
 */

/** Where an order's payment stands, read from the server's answer alone. */
export type PaymentStep =
  | 'choosing'
  | 'deferred'
  | 'waitingForVipps'
  | 'waitingForStaff'
  | 'paid'
  | 'failed'
  | 'expired'
  | 'canceled'
  | 'transferred';

/** What the person asked for last in this flow (the screens move on after their own choice). */
export type PaymentIntent = 'vipps' | 'physical' | 'later' | 'transfer';

const OPEN_VIPPS = ['CREATED', 'AUTHORIZED'];
const FAILED_VIPPS = ['ABORTED', 'FAILED', 'TERMINATED'];

export function paymentStep(status: TPaymentStatus): PaymentStep {
  switch (status.order_status) {
    case 'paid':
    case 'approved':
    case 'refunded':
      return 'paid';
    case 'canceled':
    case 'deleted':
      return 'canceled';
    case 'transferred':
      return 'transferred';
    default:
      break;
  }
  const vipps = status.payment?.provider === 'vipps' ? status.payment : null;
  if (vipps && OPEN_VIPPS.includes(vipps.state)) return 'waitingForVipps';
  if (status.method === 'physical') return 'waitingForStaff';
  if (vipps && FAILED_VIPPS.includes(vipps.state)) return 'failed';
  if (vipps?.state === 'EXPIRED') return 'expired';
  if (status.order_status === 'pay_later') return 'deferred';
  return 'choosing';
}

export interface PaymentFlowContext {
  orderId: number;
  pollMs: number;
  status: TPaymentStatus | null;
  /** where to send the payer to approve in Vipps (from init, or the open payment) */
  redirectUrl: string | null;
  intent: PaymentIntent | null;
  /** the last command or load failed (its message was already shown as a toast) */
  error: boolean;
}

export type PaymentFlowEvent =
  | { type: 'START_VIPPS'; phone: string }
  | { type: 'CHOOSE_PHYSICAL' }
  | { type: 'PAY_LATER' }
  | { type: 'TRANSFER'; userId: number }
  /** stop waiting for Vipps, or leave the kiosk queue, and choose again */
  | { type: 'CHANGE_METHOD' }
  /** ask the server again now (focus, back button, pageshow, a retry) */
  | { type: 'REFRESH' }
  /** a fresh status from elsewhere (a socket event, another query) */
  | { type: 'STATUS'; status: TPaymentStatus };

export interface PaymentFlowInput {
  orderId: number;
  /** how often to ask while waiting, ms (default 2000) */
  pollMs?: number;
}

type OrderInput = { orderId: number };

function missing(name: string): never {
  throw new Error(`payment flow: provide the ${name} actor`);
}

/** The commands the machine runs; the app provides real ones, tests provide fakes. */
const actors = {
  fetchStatus: fromPromise<TPaymentStatus, OrderInput>(async () => missing('fetchStatus')),
  startVipps: fromPromise<{ redirect_url: string | null }, OrderInput & { phone: string }>(async () =>
    missing('startVipps'),
  ),
  choosePhysical: fromPromise<unknown, OrderInput>(async () => missing('choosePhysical')),
  payLater: fromPromise<unknown, OrderInput>(async () => missing('payLater')),
  transfer: fromPromise<unknown, OrderInput & { userId: number }>(async () => missing('transfer')),
};

const step = (context: PaymentFlowContext): PaymentStep | null => (context.status ? paymentStep(context.status) : null);

/** Events that start a command from any state where the person may (still) choose. */
const CHOOSE = {
  START_VIPPS: { target: '#paymentFlow.startingVipps', actions: 'setIntent' },
  CHOOSE_PHYSICAL: { target: '#paymentFlow.choosingPhysical', actions: 'setIntent' },
  PAY_LATER: { target: '#paymentFlow.deferring', guard: 'mayPayLater', actions: 'setIntent' },
  TRANSFER: { target: '#paymentFlow.transferring', actions: 'setIntent' },
  REFRESH: { target: '#paymentFlow.loading', actions: 'clearError' },
  STATUS: { target: '#paymentFlow.routing', actions: 'takeStatus' },
} as const;
const { CHOOSE_PHYSICAL: _alreadyAtKiosk, ...CHOOSE_OTHER_WAY } = CHOOSE;

/** The order a command or a status call is about. */
const orderInput = ({ context }: { context: PaymentFlowContext }): OrderInput => ({ orderId: context.orderId });

/** A fetched status becomes the context's; `routing` then goes where it says. */
const TAKE_FETCHED = {
  type: 'takeFetched',
  params: ({ event }: { event: { output: TPaymentStatus } }) => ({ status: event.output }),
} as const;

/** A command's end: either way the server's status says where we stand now. */
const THEN_LOAD = { onDone: 'loading', onError: { target: 'loading', actions: ['failed', 'clearIntent'] } } as const;

/** While waiting (for Vipps, for the staff): ask the server every `pollMs`. */
const POLLING = {
  initial: 'idle',
  states: {
    idle: { after: { poll: 'checking' } },
    checking: {
      invoke: {
        src: 'fetchStatus',
        input: orderInput,
        onDone: { target: '#paymentFlow.routing', actions: TAKE_FETCHED },
        // a dropped request is not a failed payment: keep waiting and ask again
        onError: { target: 'idle' },
      },
    },
  },
} as const;

export const paymentFlowMachine = setup({
  types: {
    context: {} as PaymentFlowContext,
    events: {} as PaymentFlowEvent,
    input: {} as PaymentFlowInput,
  },
  actors,
  delays: {
    poll: ({ context }) => context.pollMs,
  },
  guards: {
    stepIs: ({ context }, params: { step: PaymentStep }) => step(context) === params.step,
    mayPayLater: ({ context }) =>
      context.status?.order_status === 'waiting' && paymentStep(context.status) !== 'waitingForVipps',
    hasRedirect: (_, params: { url: string | null }) => Boolean(params.url),
  },
  actions: {
    takeStatus: assign(({ context, event }) => {
      if (event.type !== 'STATUS') return {};
      return { status: event.status, redirectUrl: event.status.payment?.redirect_url ?? context.redirectUrl };
    }),
    takeFetched: assign((_, params: { status: TPaymentStatus }) => ({
      status: params.status,
      redirectUrl: params.status.payment?.redirect_url ?? null,
    })),
    setIntent: assign(({ event }) => {
      const intent: Record<string, PaymentIntent> = {
        START_VIPPS: 'vipps',
        CHOOSE_PHYSICAL: 'physical',
        PAY_LATER: 'later',
        TRANSFER: 'transfer',
      };
      return { intent: intent[event.type] ?? null, error: false };
    }),
    clearIntent: assign({ intent: null }),
    failed: assign({ error: true }),
    clearError: assign({ error: false }),
  },
}).createMachine({
  id: 'paymentFlow',
  context: ({ input }) => ({
    orderId: input.orderId,
    pollMs: input.pollMs ?? 2000,
    status: null,
    redirectUrl: null,
    intent: null,
    error: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'fetchStatus',
        input: orderInput,
        onDone: { target: 'routing', actions: TAKE_FETCHED },
        onError: { target: 'loadFailed', actions: 'failed' },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { REFRESH: { target: 'loading', actions: 'clearError' } },
    },
    /** eventless: goes where the last status says */
    routing: {
      always: [
        { guard: { type: 'stepIs', params: { step: 'paid' } }, target: 'paid' },
        { guard: { type: 'stepIs', params: { step: 'canceled' } }, target: 'canceled' },
        { guard: { type: 'stepIs', params: { step: 'transferred' } }, target: 'transferred' },
        { guard: { type: 'stepIs', params: { step: 'waitingForVipps' } }, target: 'waitingForVipps' },
        { guard: { type: 'stepIs', params: { step: 'waitingForStaff' } }, target: 'waitingForStaff' },
        { guard: { type: 'stepIs', params: { step: 'failed' } }, target: 'failed' },
        { guard: { type: 'stepIs', params: { step: 'expired' } }, target: 'expired' },
        { guard: { type: 'stepIs', params: { step: 'deferred' } }, target: 'deferred' },
        { target: 'choosing' },
      ],
    },
    choosing: { tags: ['canChoose'], on: CHOOSE },
    /** on the person's tab (pay later): still open, they may pay now */
    deferred: { tags: ['canChoose', 'deferred'], on: CHOOSE },
    /** the last Vipps payment was rejected or stopped; choose again */
    failed: { tags: ['canChoose', 'failed'], on: CHOOSE },
    expired: { tags: ['canChoose', 'expired'], on: CHOOSE },
    startingVipps: {
      tags: ['busy', 'vipps'],
      invoke: {
        src: 'startVipps',
        input: ({ context, event }) => ({
          orderId: context.orderId,
          phone: event.type === 'START_VIPPS' ? event.phone : '',
        }),
        onDone: [
          {
            guard: { type: 'hasRedirect', params: ({ event }) => ({ url: event.output.redirect_url }) },
            target: 'redirecting',
            actions: assign({ redirectUrl: ({ event }) => event.output.redirect_url }),
          },
          // no page to open (the payer approves a push in the app): wait for it
          { target: 'loading' },
        ],
        // refused (a settled order, too small an amount): the server says where we stand
        onError: { target: 'loading', actions: ['failed', 'clearIntent'] },
      },
    },
    /** the app opens `redirectUrl`; if the person comes back (back button) the state is asked again */
    redirecting: {
      tags: ['busy', 'vipps', 'redirecting'],
      on: { REFRESH: 'loading', STATUS: { target: 'routing', actions: 'takeStatus' } },
    },
    choosingPhysical: {
      tags: ['busy', 'physical'],
      invoke: {
        src: 'choosePhysical',
        input: orderInput,
        ...THEN_LOAD,
      },
    },
    deferring: {
      tags: ['busy', 'later'],
      invoke: {
        src: 'payLater',
        input: orderInput,
        ...THEN_LOAD,
      },
    },
    transferring: {
      tags: ['busy', 'transfer'],
      invoke: {
        src: 'transfer',
        input: ({ context, event }) => ({
          orderId: context.orderId,
          userId: event.type === 'TRANSFER' ? event.userId : 0,
        }),
        ...THEN_LOAD,
      },
    },
    waitingForVipps: {
      tags: ['waiting', 'vipps'],
      ...POLLING,
      on: {
        CHANGE_METHOD: { target: 'choosing', actions: 'clearIntent' },
        REFRESH: 'loading',
        STATUS: { target: 'routing', actions: 'takeStatus' },
      },
    },
    waitingForStaff: {
      // still open: the person may pay another way while they wait for the counter
      tags: ['waiting', 'physical', 'canChoose'],
      ...POLLING,
      on: {
        ...CHOOSE_OTHER_WAY,
        CHANGE_METHOD: { target: 'choosing', actions: 'clearIntent' },
      },
    },
    paid: { tags: ['done', 'paid'], type: 'final' },
    canceled: { tags: ['done', 'canceled'], type: 'final' },
    transferred: { tags: ['done', 'transferred'], type: 'final' },
  },
});

export type PaymentFlowSnapshot = SnapshotFrom<typeof paymentFlowMachine>;
