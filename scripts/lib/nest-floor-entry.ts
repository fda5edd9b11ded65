import 'reflect-metadata';
import { Controller, Get, Inject, Module, NotFoundException, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';
import { replayFrom, type Replay } from './replay';

/**
 * Child-process entry for the bench's NestJS floor (`--floor`): the re-serialising proxy's work (replay.ts, the same
 * upstream calls over the same node:http Agent) served by the smallest NestJS + Express app, one controller and its
 * defaults, no middleware, pipe or filter of the gateway's. Only Express's ETag is off, as in the gateway: hashing
 * each 37 KB answer would count against the framework what is a setting. Paired with the proxy, it shows what the framework alone
 * costs on the machine. argv[2]: the recorded calls file. Prints `{"ready":true,"url":...}` on stdout.
 */
const REPLAY = 'REPLAY';

@Controller()
class ReplayController {
  constructor(@Inject(REPLAY) private readonly answerFor: Replay) {}

  // Every recorded path; Nest writes the answer with Express's res.json, as a handler's return value always is.
  @Get('*path')
  replay(@Req() req: Request): Promise<unknown> {
    const answer = this.answerFor(req.url);
    if (!answer) throw new NotFoundException(`no recorded upstream call for ${req.url}`);
    return answer;
  }
}

@Module({ controllers: [ReplayController], providers: [{ provide: REPLAY, useFactory: () => replayFrom(process.argv[2]) }] })
class FloorModule {}

/** Starts the floor on a free loopback port; `afterListen` runs before it says it is ready. */
export async function startFloor(afterListen: () => void = () => undefined): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(FloorModule, { logger: false });
  app.set('etag', false);
  await app.listen(0, '127.0.0.1');
  afterListen();
  process.stdout.write(`${JSON.stringify({ ready: true, url: await app.getUrl(), pid: process.pid })}\n`);
}

export function reportStartFailure(err: Error): never {
  process.stdout.write(`${JSON.stringify({ error: err.message })}\n`);
  process.exit(1);
}

if (require.main === module) startFloor().catch(reportStartFailure);
