import { BadRequestException } from '@nestjs/common';
import { ChartsService } from '../../src/charts/charts.service';
import { Harness, startHarness } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';

/**
 * docs/operations.md "Errors": anything unexpected is a 500 `INTERNAL` ("Internal server error"). The fault is injected into the
 * running app (a service method that throws what no route expects), and the answer is read over HTTP.
 */
describe('An unexpected exception is a 500 { error, errorCode } with a fixed message', () => {
  let h: Harness;
  const logs: string[] = [];
  beforeAll(async () => {
    h = await startHarness({ logs, env: { LOG_LEVEL: 'info' } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    logs.length = 0;
  });
  afterEach(() => jest.restoreAllMocks());

  it('whatever was thrown (an Error, a string, an object, null), the body never carries its message or stack; the log names it (an object by its keys, never its values)', async () => {
    const thrown: unknown[] = [
      new TypeError("Cannot read properties of undefined (reading 'internalDetail1')"),
      'internalDetail2 as a thrown string',
      { internalDetail3: 'a value that may be secret' },
      null,
    ];
    for (const [i, value] of thrown.entries()) {
      jest.spyOn(h.app.get(ChartsService), 'getRanks').mockRejectedValueOnce(value);
      const res = await h.http().get(`/getRanks?topId=4&limit=2&i=${i}`);
      expect({ i, status: res.status, type: res.headers['content-type'], body: res.body }).toEqual({
        i,
        status: 500,
        type: expect.stringMatching(/^application\/json/),
        body: { error: 'Internal server error', errorCode: 'INTERNAL' },
      });
      expect(res.text).not.toMatch(/internalDetail|TypeError|\.ts:\d+/);
    }
    // the operator still learns the cause: the Error with its stack, at error level
    const errorLines = logs.map((l) => JSON.parse(l)).filter((l) => l.level >= 50 && l.context === 'Errors');
    expect(errorLines.map((l) => String(l.msg ?? l.err?.message ?? ''))).toEqual([
      expect.stringMatching(/^TypeError: .*internalDetail1[^]*\n\s+at /),
      'internalDetail2 as a thrown string',
      'Non-Error thrown: Object with keys internalDetail3',
      'Non-Error thrown: null',
    ]);
    expectNoSecretInLogs(logs, ['a value that may be secret']);
    // each 500 has its stack once, on the Errors line; the request line names route and errorCode, without a stack
    const requestLines = logs.map((l) => JSON.parse(l)).filter((l) => l.req && l.res);
    expect(requestLines).toHaveLength(thrown.length);
    for (const line of requestLines) {
      expect(line).toMatchObject({ level: 50, res: { statusCode: 500 }, route: '/getRanks', errorCode: 'INTERNAL', responseTime: expect.any(Number) });
      expect(line.msg).toMatch(/^GET \/getRanks failed: 500 INTERNAL in \d+ ms$/);
      expect(JSON.stringify(line)).not.toMatch(/stack|node_modules/);
    }
    expect(errorLines[0].req.id).toBe(requestLines[0].req.id);
    // the route still answers once the fault is gone
    await h.http().get('/getRanks?topId=4&limit=2').expect(200);
  });

  it('a framework HttpException keeps its status; a list of messages is joined into one error', async () => {
    jest.spyOn(h.app.get(ChartsService), 'getRanks').mockRejectedValueOnce(new BadRequestException(['topId is odd', 'limit is odd']));
    const res = await h.http().get('/getRanks?topId=4&limit=2').expect(400);
    expect(res.body).toEqual({ error: 'topId is odd; limit is odd', errorCode: 'BAD_REQUEST' });
  });
});
