import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.constants';
import { MetricsService } from '../../metrics/metrics.service';
import { type CanaryArea, checkArea } from './area-reads';
import type { ShapeProblem } from './shape';

/** The latest problem a sampled live answer of an area had, and when. */
export interface LiveShapeProblem extends ShapeProblem {
  at: string;
}

/**
 * The sampled live check: a share (UPSTREAM_SHAPE_SAMPLE_RATE) of real answers of the canary areas is checked against
 * the declarations of area-reads.ts. A problem counts in gateway_upstream_shape_mismatch_total{area, field} and is
 * kept per area for /health/upstream; no log line per answer (the canary logs changes of state).
 */
@Injectable()
export class UpstreamShapeWatch {
  private readonly logger = new Logger(UpstreamShapeWatch.name);
  private readonly rate: number;
  private readonly problems = new Map<CanaryArea, LiveShapeProblem>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    this.rate = config.upstreamShapeSampleRate;
  }

  /** A live answer: checked when sampled, then counted and kept if it lacks something. Never throws. */
  sample(area: CanaryArea, value: unknown): void {
    if (this.rate > 0 && Math.random() < this.rate) this.observe(area, value);
  }

  /** Checks a live answer now, counting and keeping a problem; returns it. */
  observe(area: CanaryArea, value: unknown): ShapeProblem | undefined {
    let problem: ShapeProblem | undefined;
    try {
      problem = checkArea(area, value);
    } catch (err) {
      // A declaration the check cannot walk is a bug here, never a reason to fail the caller's answer.
      this.logger.debug(`shape check of ${area} failed: ${(err as Error).message}`);
      return undefined;
    }
    if (!problem) return undefined;
    const at = new Date().toISOString();
    this.metrics.upstreamShapeMismatches.inc({ area, field: problem.declared });
    this.problems.set(area, { ...problem, at });
    this.logger.debug(`${area} answer: ${problem.path} is ${problem.got}, wanted ${problem.expected}`);
    return problem;
  }

  /** The latest problem a sampled answer of `area` had (it stays until another one replaces it). */
  lastLiveProblem(area: CanaryArea): LiveShapeProblem | undefined {
    return this.problems.get(area);
  }
}
