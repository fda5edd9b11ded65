import { catalog, syntheticMid } from '../../fake-upstream/catalog';
import type { FakeUpstream } from '../../fake-upstream/fake-upstream';
import { chartsState } from '../../fake-upstream/handlers/charts';

/**
 * What the bench adds to the fake upstream (in its child, fake-entry.ts) so its miss rows can ask ~100 distinct keys
 * that each get a full-size answer: the fake's own catalogue has 31 songs, and most of its charts 30 rows.
 */

/** Songs added to the catalogue: clones of real ones under new ids and MIDs (lyric and play URL work for them). */
export const BENCH_EXTRA_SONGS = 160;
/**
 * Charts given 100 rows with songInfoList (as 62 has), so every page of 20 is a full one. 4 and 62 keep the fake's
 * own content (62's rows are drawn from the now wider catalogue).
 */
export const BENCH_CHARTS = [26, 27, 33, 30, 28, 5, 6, 3, 16, 29, 17, 201, 52, 36, 208, 104];

export function seedBench(fake: FakeUpstream): void {
  const songs = catalog();
  const real = songs.length;
  for (let i = 0; i < BENCH_EXTRA_SONGS; i++) {
    const model = songs[i % real];
    const id = 900_000 + i;
    songs.push({ ...model, id, mid: syntheticMid(id), mediaMid: syntheticMid(id + 500_000) });
  }
  for (const topId of BENCH_CHARTS) {
    const rows = Array.from({ length: 100 }, (_, i) => {
      const s = songs[(i * 7 + topId) % songs.length];
      return { songId: s.id, title: s.name, singerName: s.singers.map((x) => x.name).join('/') };
    });
    chartsState(fake.state).set(topId, { title: `Chart ${topId}`, rows, withSongInfo: true });
  }
}
