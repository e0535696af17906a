import type { TPayment, TPaymentStatus } from '@club/shared/orders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromPromise, waitFor } from 'xstate';
import { type PaymentFlowSnapshot, type PaymentStep, paymentFlowMachine, paymentStep } from './payment-flow.ts';

function vipps(state: TPayment['state']): TPayment {
  return {
    id: 1,
    provider: 'vipps',
    reference: 'club-7-abc',
    state,
    amount: 12_000,
    redirect_url: 'http://localhost/vipps-sim/landing?token=club-7-abc',
    created_at: '2030-01-01T12:00:00.000Z',
  };
}

function status(over: Partial<TPaymentStatus> = {}): TPaymentStatus {
  return { order_id: 7, order_status: 'waiting', method: null, total: 12_000, payment: null, ...over };
}

const WAITING = status();
const PAID = status({ order_status: 'paid', method: 'vipps', payment: vipps('CAPTURED') });

/** Fakes for every command; `statuses` answers the status calls in turn (the last one repeats). */
function harness(
  statuses: (TPaymentStatus | Error)[],
  over: { redirect?: string | null; failCommands?: boolean } = {},
) {
  const queue = [...statuses];
  const calls = { status: 0, vipps: [] as string[], physical: 0, later: 0, transfer: [] as number[] };
  const next = () => {
    calls.status += 1;
    const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  const command = <T>(value: T) => (over.failCommands ? Promise.reject(new Error('error.order_completed')) : value);
  const machine = paymentFlowMachine.provide({
    actors: {
      fetchStatus: fromPromise(() => next()),
      startVipps: fromPromise(async ({ input }) => {
        calls.vipps.push(input.phone);
        return command({ redirect_url: over.redirect === undefined ? 'http://sim/landing' : over.redirect });
      }),
      choosePhysical: fromPromise(async () => {
        calls.physical += 1;
        return command<unknown>(null);
      }),
      payLater: fromPromise(async () => {
        calls.later += 1;
        return command<unknown>(null);
      }),
      transfer: fromPromise(async ({ input }) => {
        calls.transfer.push(input.userId);
        return command<unknown>(null);
      }),
    },
  });
  const actor = createActor(machine, { input: { orderId: 7, pollMs: 2000 } });
  actor.start();
  /** statuses the next calls answer (replaces the queue) */
  const answer = (...next: (TPaymentStatus | Error)[]) => queue.splice(0, queue.length, ...next);
  return { actor, calls, answer };
}

type FlowActor = Actor<typeof paymentFlowMachine>;

const at = (actor: FlowActor, state: string) =>
  waitFor(actor, (s: PaymentFlowSnapshot) => s.matches(state as never), { timeout: 1000 });

const value = (actor: FlowActor) => {
  const v = actor.getSnapshot().value;
  return typeof v === 'string' ? v : Object.keys(v)[0];
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('paymentStep: the state an answer from the server means', () => {
  it.each<[string, TPaymentStatus, PaymentStep]>([
    ['paid', PAID, 'paid'],
    ['approved at the kiosk', status({ order_status: 'approved', method: 'physical' }), 'paid'],
    ['canceled', status({ order_status: 'canceled' }), 'canceled'],
    ['deleted by an admin', status({ order_status: 'deleted' }), 'canceled'],
    ['handed to someone else', status({ order_status: 'transferred' }), 'transferred'],
    ['an open Vipps payment', status({ method: 'vipps', payment: vipps('CREATED') }), 'waitingForVipps'],
    ['an authorised, not yet captured one', status({ payment: vipps('AUTHORIZED') }), 'waitingForVipps'],
    [
      'Vipps open after choosing the kiosk',
      status({ method: 'physical', payment: vipps('CREATED') }),
      'waitingForVipps',
    ],
    ['card at the kiosk', status({ method: 'physical' }), 'waitingForStaff'],
    ['the kiosk after a rejected Vipps', status({ method: 'physical', payment: vipps('ABORTED') }), 'waitingForStaff'],
    ['rejected in Vipps', status({ payment: vipps('ABORTED') }), 'failed'],
    ['failed to start', status({ payment: vipps('FAILED') }), 'failed'],
    ['terminated', status({ payment: vipps('TERMINATED') }), 'failed'],
    ['expired', status({ payment: vipps('EXPIRED') }), 'expired'],
    ['on the tab', status({ order_status: 'pay_later' }), 'deferred'],
    ['nothing chosen yet', WAITING, 'choosing'],
  ])('%s', (_, answer, step) => {
    expect(paymentStep(answer)).toBe(step);
  });
});

describe('payment flow: entering derives the state from the server', () => {
  it.each<[TPaymentStatus, string]>([
    [WAITING, 'choosing'],
    [PAID, 'paid'],
    [status({ order_status: 'approved' }), 'paid'],
    [status({ order_status: 'canceled' }), 'canceled'],
    [status({ order_status: 'deleted' }), 'canceled'],
    [status({ order_status: 'transferred' }), 'transferred'],
    [status({ payment: vipps('CREATED') }), 'waitingForVipps'],
    [status({ method: 'physical' }), 'waitingForStaff'],
    [status({ payment: vipps('ABORTED') }), 'failed'],
    [status({ payment: vipps('EXPIRED') }), 'expired'],
    [status({ order_status: 'pay_later' }), 'deferred'],
  ])('loading → %o → %s', async (answer, state) => {
    const { actor } = harness([answer]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await at(actor, state);
    expect(actor.getSnapshot().context.status).toEqual(answer);
  });

  it('a failed load shows an error and loads again on REFRESH', async () => {
    const { actor, answer } = harness([new Error('network')]);
    await at(actor, 'loadFailed');
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(true);
    answer(WAITING);
    actor.send({ type: 'REFRESH' });
    await at(actor, 'choosing');
    expect(actor.getSnapshot().context.error).toBe(false);
  });

  it('nothing can be chosen before the status is known', async () => {
    const { actor, calls } = harness([WAITING]);
    for (const event of [
      { type: 'START_VIPPS', phone: '4791234567' },
      { type: 'CHOOSE_PHYSICAL' },
      { type: 'PAY_LATER' },
      { type: 'TRANSFER', userId: 3 },
    ] as const) {
      expect(actor.getSnapshot().can(event)).toBe(false);
    }
    await at(actor, 'choosing');
    expect(calls.vipps).toEqual([]);
  });
});

describe('payment flow: Vipps', () => {
  it('choosing → startingVipps → redirecting, with the phone number and the page to open', async () => {
    const { actor, calls } = harness([WAITING]);
    await at(actor, 'choosing');
    actor.send({ type: 'START_VIPPS', phone: '4791234567' });
    expect(actor.getSnapshot().value).toBe('startingVipps');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await at(actor, 'redirecting');
    expect(calls.vipps).toEqual(['4791234567']);
    expect(actor.getSnapshot().context).toMatchObject({ redirectUrl: 'http://sim/landing', intent: 'vipps' });
    expect(actor.getSnapshot().hasTag('redirecting')).toBe(true);
  });

  it('without a page to open it waits for the approval at once', async () => {
    const { actor, answer } = harness([WAITING], { redirect: null });
    await at(actor, 'choosing');
    answer(status({ payment: vipps('CREATED') }));
    actor.send({ type: 'START_VIPPS', phone: '4791234567' });
    await at(actor, 'waitingForVipps');
  });

  it('a refused start goes back to what the server says (e.g. paid meanwhile in another tab)', async () => {
    const { actor, answer } = harness([WAITING], { failCommands: true });
    await at(actor, 'choosing');
    answer(PAID);
    actor.send({ type: 'START_VIPPS', phone: '4791234567' });
    await at(actor, 'paid');
    expect(actor.getSnapshot().context).toMatchObject({ error: true, intent: null });
  });

  it('coming back from Vipps (back button, return URL) asks again: redirecting → loading → waiting', async () => {
    const { actor, answer } = harness([WAITING]);
    await at(actor, 'choosing');
    actor.send({ type: 'START_VIPPS', phone: '4791234567' });
    await at(actor, 'redirecting');
    answer(status({ payment: vipps('CREATED') }));
    actor.send({ type: 'REFRESH' });
    await at(actor, 'waitingForVipps');
    expect(actor.getSnapshot().context.redirectUrl).toBe(vipps('CREATED').redirect_url);
  });

  it('a status pushed while redirecting is taken as it is', async () => {
    const { actor } = harness([WAITING]);
    await at(actor, 'choosing');
    actor.send({ type: 'START_VIPPS', phone: '4791234567' });
    await at(actor, 'redirecting');
    actor.send({ type: 'STATUS', status: PAID });
    expect(actor.getSnapshot().value).toBe('paid');
  });

  it.each<[TPayment['state'], string]>([
    ['CAPTURED', 'paid'],
    ['ABORTED', 'failed'],
    ['EXPIRED', 'expired'],
    ['TERMINATED', 'failed'],
  ])('waiting polls every pollMs until Vipps says %s → %s', async (state, target) => {
    const open = status({ payment: vipps('CREATED') });
    const { actor, calls, answer } = harness([open]);
    await at(actor, 'waitingForVipps');
    expect(calls.status).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.status).toBe(2);
    expect(value(actor)).toBe('waitingForVipps');
    answer(
      state === 'CAPTURED'
        ? status({ order_status: 'paid', method: 'vipps', payment: vipps(state) })
        : status({ payment: vipps(state) }),
    );
    await vi.advanceTimersByTimeAsync(2000);
    await at(actor, target);
    expect(calls.status).toBe(3);
  });

  it('a failed poll keeps waiting and asks again', async () => {
    const open = status({ payment: vipps('CREATED') });
    const { actor, calls, answer } = harness([open]);
    await at(actor, 'waitingForVipps');
    answer(new Error('offline'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(value(actor)).toBe('waitingForVipps');
    answer(PAID);
    await vi.advanceTimersByTimeAsync(2000);
    await at(actor, 'paid');
    expect(calls.status).toBe(3);
  });

  it('CHANGE_METHOD stops waiting; a STATUS event while waiting re-derives; REFRESH loads', async () => {
    const open = status({ payment: vipps('CREATED') });
    const { actor } = harness([open]);
    await at(actor, 'waitingForVipps');
    actor.send({ type: 'CHANGE_METHOD' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'REFRESH' });
    await at(actor, 'waitingForVipps');
    actor.send({ type: 'STATUS', status: status({ payment: vipps('ABORTED') }) });
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('while waiting for Vipps no other method can be started', async () => {
    const { actor, calls } = harness([status({ payment: vipps('CREATED') })]);
    await at(actor, 'waitingForVipps');
    actor.send({ type: 'CHOOSE_PHYSICAL' });
    actor.send({ type: 'PAY_LATER' });
    actor.send({ type: 'TRANSFER', userId: 4 });
    actor.send({ type: 'START_VIPPS', phone: '4791234567' });
    expect(value(actor)).toBe('waitingForVipps');
    expect(calls).toMatchObject({ physical: 0, later: 0, transfer: [], vipps: [] });
  });

  it.each(['failed', 'expired'])('after %s the payer may try again', async (state) => {
    const { actor, calls } = harness([status({ payment: vipps(state === 'failed' ? 'ABORTED' : 'EXPIRED') })]);
    await at(actor, state);
    expect(actor.getSnapshot().hasTag('canChoose')).toBe(true);
    actor.send({ type: 'START_VIPPS', phone: '4791234567' });
    await at(actor, 'redirecting');
    expect(calls.vipps).toHaveLength(1);
  });
});

describe('payment flow: card at the kiosk', () => {
  it('choosing → choosingPhysical → loading → waitingForStaff → paid when staff approve', async () => {
    const { actor, calls, answer } = harness([WAITING]);
    await at(actor, 'choosing');
    answer(status({ method: 'physical' }));
    actor.send({ type: 'CHOOSE_PHYSICAL' });
    expect(actor.getSnapshot().value).toBe('choosingPhysical');
    await at(actor, 'waitingForStaff');
    expect(calls.physical).toBe(1);
    expect(actor.getSnapshot().context.intent).toBe('physical');
    expect(actor.getSnapshot().hasTag('waiting')).toBe(true);
    answer(status({ order_status: 'approved', method: 'physical' }));
    await vi.advanceTimersByTimeAsync(2000);
    await at(actor, 'paid');
  });

  it('waiting at the kiosk: choosing the kiosk again is refused; Vipps or another way is allowed', async () => {
    const { actor, calls } = harness([status({ method: 'physical' })]);
    await at(actor, 'waitingForStaff');
    expect(actor.getSnapshot().can({ type: 'CHOOSE_PHYSICAL' })).toBe(false);
    actor.send({ type: 'CHOOSE_PHYSICAL' });
    expect(calls.physical).toBe(0);
    actor.send({ type: 'CHANGE_METHOD' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'REFRESH' });
    await at(actor, 'waitingForStaff');
    actor.send({ type: 'START_VIPPS', phone: '4791234567' });
    await at(actor, 'redirecting');
  });

  it('a refused choice re-derives from the server', async () => {
    const { actor, answer } = harness([WAITING], { failCommands: true });
    await at(actor, 'choosing');
    answer(status({ order_status: 'deleted' }));
    actor.send({ type: 'CHOOSE_PHYSICAL' });
    await at(actor, 'canceled');
    expect(actor.getSnapshot().context.error).toBe(true);
  });
});

describe('payment flow: pay later and transfer', () => {
  it('choosing → deferring → deferred (on the tab, still payable)', async () => {
    const { actor, calls, answer } = harness([WAITING]);
    await at(actor, 'choosing');
    answer(status({ order_status: 'pay_later' }));
    actor.send({ type: 'PAY_LATER' });
    expect(actor.getSnapshot().value).toBe('deferring');
    await at(actor, 'deferred');
    expect(calls.later).toBe(1);
    expect(actor.getSnapshot().hasTag('canChoose')).toBe(true);
    // already on the tab: not again
    expect(actor.getSnapshot().can({ type: 'PAY_LATER' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'CHOOSE_PHYSICAL' })).toBe(true);
  });

  it('a refused pay later (the role may not) comes back to choosing', async () => {
    const { actor } = harness([WAITING], { failCommands: true });
    await at(actor, 'choosing');
    actor.send({ type: 'PAY_LATER' });
    await at(actor, 'choosing');
    expect(actor.getSnapshot().context).toMatchObject({ error: true, intent: null });
  });

  it('choosing → transferring → transferred, with the receiver', async () => {
    const { actor, calls, answer } = harness([WAITING]);
    await at(actor, 'choosing');
    answer(status({ order_status: 'transferred' }));
    actor.send({ type: 'TRANSFER', userId: 42 });
    expect(actor.getSnapshot().value).toBe('transferring');
    await at(actor, 'transferred');
    expect(calls.transfer).toEqual([42]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a refused transfer comes back to choosing', async () => {
    const { actor } = harness([WAITING], { failCommands: true });
    await at(actor, 'choosing');
    actor.send({ type: 'TRANSFER', userId: 42 });
    await at(actor, 'choosing');
    expect(actor.getSnapshot().context.error).toBe(true);
  });
});

describe('payment flow: final states', () => {
  it.each<[TPaymentStatus, string]>([
    [PAID, 'paid'],
    [status({ order_status: 'canceled' }), 'canceled'],
    [status({ order_status: 'transferred' }), 'transferred'],
  ])('%o: %s takes no more events and stops', async (answer, state) => {
    const { actor, calls } = harness([answer]);
    await at(actor, state);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
    actor.send({ type: 'START_VIPPS', phone: '4791234567' });
    actor.send({ type: 'CHOOSE_PHYSICAL' });
    actor.send({ type: 'REFRESH' });
    expect(value(actor)).toBe(state);
    expect(calls).toMatchObject({ status: 1, vipps: [], physical: 0 });
  });
});
