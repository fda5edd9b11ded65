import { answerValidator, type AnswerValidator } from '../support/answer-validator';
import { type Harness, startHarness } from '../support/harness';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';

requireRedis();

/**
 * The readiness answer's branch the documented example leaves out (decision 021): with REDIS_URL, a Redis check that
 * answered PING reports no `mode`. Neither probe calls the QQ Music upstream.
 */
describe('health answers match their declared schemas with Redis configured', () => {
  let h: Harness;
  let validate: AnswerValidator;
  beforeAll(async () => {
    h = await startHarness({ env: { REDIS_URL: TEST_REDIS_URL, REDIS_TIMEOUT_MS: '5000' } });
    validate = await answerValidator(h);
  });
  afterAll(() => h.close());

  it('/health/ready with Redis up: `redis: { status: up }`, as declared', async () => {
    h.fake.reset();
    const res = await h.http().get('/health/ready').expect(200);
    expect(res.body.details.redis).toEqual({ status: 'up' });
    expect(res.body.checked).toEqual(['config', 'redis']);
    expect(validate('GET /health/ready', res.body)).toEqual([]);
    expect(validate('GET /health/ready', { ...res.body, details: { ...res.body.details, redis: { status: 'down' } } })).not.toEqual([]);
    expect(h.fake.requests).toHaveLength(0);
  });

  it('/health/live, as declared', async () => {
    h.fake.reset();
    const res = await h.http().get('/health/live').expect(200);
    expect(validate('GET /health/live', res.body)).toEqual([]);
    expect(h.fake.requests).toHaveLength(0);
  });
});
