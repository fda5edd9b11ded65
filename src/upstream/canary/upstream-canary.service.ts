import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { BackgroundWork } from '../../common/background-work';
import { requestContext } from '../../common/request-context';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.constants';
import { MetricsService } from '../../metrics/metrics.service';
import { CANARY_AREAS, type CanaryArea, checkArea } from '../shape/area-reads';
import { witnessFallbacksSettled } from '../shape/fallback-witness';
import { UpstreamShapeWatch } from '../shape/shape-watch';
import { CANARY_STATES, type CanaryOutcome, type CanaryState, outcomeOfAnswer, outcomeOfError } from './canary-outcome';
import { CanaryProbes } from './canary-probes';

/** The first probe, this long after the server listens: soon, but not in the middle of start-up. */
export const FIRST_PROBE_DELAY_MS = 1000;

/** What the canary knows of one area: `unknown` until its first check. Times are ISO 8601. */
export interface CanaryAreaStatus {
  area: CanaryArea;
  /** The client method the probe calls. */
  call: string;
  state: CanaryState | 'unknown';
  /** When the area entered this state. */
  since: string | null;
  checkedAt: string | null;
  /** The field path, business code, failure or fallback call behind a state other than ok. */
  detail: string | null;
  /** The latest problem of a sampled live answer of the area (UPSTREAM_SHAPE_SAMPLE_RATE), whatever the canary says. */
  liveProblem: { path: string; expected: string; got: string; at: string } | null;
}

export interface CanaryReport {
  intervalSeconds: number;
  areas: CanaryAreaStatus[];
}

/**
 * The upstream canary (docs/operations.md "Upstream canary"): one cheap real call per area through its client, one
 * area at a time, spread over CANARY_INTERVAL_S, each answer checked against what the area's mapper reads. It starts
 * once the server listens, logs a line only when an area changes state, and is stopped (an in-flight probe aborted)
 * when shutdown begins.
 */
@Injectable()
export class UpstreamCanary implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Canary');
  private readonly status = new Map<CanaryArea, Omit<CanaryAreaStatus, 'liveProblem'>>();
  /** Aborted at shutdown: the probe in flight stops with it (its outcome is not recorded). */
  private readonly stopping = new AbortController();
  private timer?: NodeJS.Timeout;
  private next = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly probes: CanaryProbes,
    private readonly metrics: MetricsService,
    private readonly work: BackgroundWork,
    private readonly adapterHost: HttpAdapterHost,
    private readonly shapeWatch: UpstreamShapeWatch,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.canaryIntervalS) return;
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    // An app that never listens (the docs build, start-up checks) never calls upstream.
    server?.once('listening', () => this.schedule(FIRST_PROBE_DELAY_MS));
  }

  beforeApplicationShutdown(): void {
    clearTimeout(this.timer);
    this.stopping.abort();
  }

  /** Every area once, one after the other: what the timer spreads over the interval, at once (tests, diagnosis). */
  async runRound(): Promise<CanaryReport> {
    for (const area of CANARY_AREAS) await this.check(area);
    return this.report();
  }

  report(): CanaryReport {
    return {
      intervalSeconds: this.config.canaryIntervalS,
      areas: CANARY_AREAS.map((area) => {
        const live = this.shapeWatch.lastLiveProblem(area);
        const liveProblem = live ? { path: live.path, expected: live.expected, got: live.got, at: live.at } : null;
        const checked = this.status.get(area);
        if (checked) return { ...checked, liveProblem };
        return { area, call: this.probes.byArea[area].call, state: 'unknown', since: null, checkedAt: null, detail: null, liveProblem };
      }),
    };
  }

  /** One area's check, recorded (undefined when shutdown cut it). Tracked so that shutdown waits for it, bounded. */
  check(area: CanaryArea): Promise<CanaryOutcome | undefined> {
    const signal = this.stopping.signal;
    if (signal.aborted) return Promise.resolve(undefined);
    // A context of its own: no caller cookie, so the calls carry the stored login (or none), pinned for this probe.
    const run = requestContext.run({ signal, shuttingDown: signal, canaryProbe: true }, () => this.probe(area)).then((outcome) => {
      if (signal.aborted) return undefined;
      this.record(area, outcome);
      return outcome;
    });
    return this.work.track('upstream canary', run);
  }

  private schedule(delayMs: number): void {
    if (this.stopping.signal.aborted) return;
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  /** The next area's check, then the next one after interval / areas (the whole round takes the interval). */
  private async tick(): Promise<void> {
    const area = CANARY_AREAS[this.next];
    this.next = (this.next + 1) % CANARY_AREAS.length;
    try {
      await this.check(area);
    } catch (err) {
      // A bug of the canary's own (a check never rejects for upstream's sake) must not stop the next areas' checks.
      this.logger.error(`Upstream canary: the check of ${area} failed: ${(err as Error).message}`);
    } finally {
      this.schedule((this.config.canaryIntervalS * 1000) / CANARY_AREAS.length);
    }
  }

  private async probe(area: CanaryArea): Promise<CanaryOutcome> {
    const answer = await witnessFallbacksSettled(this.probes.byArea[area].run);
    if (answer.ok) return outcomeOfAnswer(answer.fallbacks, () => checkArea(area, answer.value));
    const failed = outcomeOfError(answer.error);
    return answer.fallbacks.length ? { ...failed, detail: `${failed.detail}, after falling back from ${answer.fallbacks.join(', ')}` } : failed;
  }

  /** Counts the check, sets the gauge, and logs one line when the state changed: a warning, or the recovery. */
  private record(area: CanaryArea, { state, detail }: CanaryOutcome): void {
    const now = new Date().toISOString();
    const before = this.status.get(area);
    const call = this.probes.byArea[area].call;
    const changed = before?.state !== state;
    this.status.set(area, { area, call, state, since: changed ? now : (before?.since ?? now), checkedAt: now, detail: detail ?? null });
    this.metrics.canaryChecks.inc({ area, state });
    this.metrics.canaryStatus.set({ area }, CANARY_STATES.indexOf(state));
    if (!changed) return;
    if (state !== 'ok') {
      this.logger.warn(`Upstream canary: ${area} (${call}) is ${state}${before ? ` (was ${before.state})` : ''}: ${detail}`);
    } else if (before) {
      this.logger.log(`Upstream canary: ${area} (${call}) is ok again (was ${before.state} since ${before.since})`);
    }
  }
}
