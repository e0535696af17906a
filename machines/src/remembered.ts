/**
 * A machine's answer to a state and an event, asked of XState once and then remembered. The
 * machines are fixed and their guards read only the state and the event, so the same question
 * always has the same answer; asking XState builds an actor each time, which was a sixteenth
 * of the kiosk's work on a pause. Answers are frozen, as one is handed to every caller.
 * Few questions are ever asked (statuses × events × seats), and the memory is bounded anyway.
 */
export function remembered<A extends unknown[], R>(ask: (...args: A) => R, limit = 10_000): (...args: A) => R {
  const answers = new Map<string, R>();
  return (...args) => {
    const key = JSON.stringify(args);
    const known = answers.get(key);
    if (known !== undefined || answers.has(key)) return known as R;
    const answer = ask(...args);
    if (answers.size >= limit) answers.clear();
    answers.set(key, typeof answer === 'object' && answer !== null ? Object.freeze(answer) : answer);
    return answer;
  };
}
