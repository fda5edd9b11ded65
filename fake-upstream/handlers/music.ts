import { songById, songByMid } from '../catalog';
import type { FakeRoutes, MusicuHandler } from '../fake-upstream';
import { fixture } from '../fixtures';
import type { FakeState } from '../state';

/** Song ids whose detail lookup fails (key code 500001), for partial-failure tests. */
export const musicState = (state: FakeState) => state.of('music', () => ({ failingSongIds: new Set<number>() }));

/** The genuine detail payload, re-labelled for the requested song (fields as upstream sends them). */
export function songDetailData(id: number | undefined, mid: string | undefined): any {
  const data = fixture('musicu-song-detail-yqq.json').req_0.data;
  const song = id !== undefined ? songById(id) : mid ? songByMid(mid) : undefined;
  if (!song) {
    // Upstream answers an unknown song with an empty track.
    data.track_info = { id: 0, mid: '', name: '', title: '', singer: [], album: {}, file: {} };
    return data;
  }
  if (song.id === data.track_info.id) return data;
  const t = data.track_info;
  Object.assign(t, { id: song.id, mid: song.mid, name: song.name, title: song.name, interval: song.interval, singer: song.singers });
  Object.assign(t.album, { id: song.albumId, mid: song.albumMid, name: song.albumName, pmid: song.albumMid });
  t.file.media_mid = song.mediaMid;
  return data;
}

const songDetail: MusicuHandler = (param, { state }) => {
  const id = param.song_id !== undefined && param.song_id !== '' ? Number(param.song_id) : undefined;
  if (id !== undefined && musicState(state).failingSongIds.has(id)) return { code: 500001, data: {} };
  return { code: 0, data: songDetailData(id, param.song_mid || undefined) };
};

export const musicRoutes: FakeRoutes = {
  musicu: { 'music.pf_song_detail_svr.get_song_detail_yqq': songDetail },
};
