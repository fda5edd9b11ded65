import { DiscoverService } from '../../src/discover/discover.service';
import { DiscoverClient } from '../../src/upstream/clients/discover.client';
import { UpstreamError } from '../../src/upstream/upstream.errors';

/**
 * getRecommend's partial logic over the real DiscoverClient with its musicu call stubbed (the fake upstream applies one
 * business fault per request only). The client is made without its constructor: only `musicuPartial` is reached.
 */
describe('DiscoverService.getRecommend', () => {
  const service = (results: Record<string, any>) => {
    const musicuPartial = jest.fn(async () => ({ raw: { code: 0 }, results }));
    const client = Object.create(DiscoverClient.prototype) as DiscoverClient;
    Object.defineProperty(client, 'musicuPartial', { value: musicuPartial });
    return { svc: new DiscoverService(client), musicuPartial };
  };
  const fail = (code: number) => ({ code, data: null, error: `upstream code ${code}` });

  it('throws a business UpstreamError (→ 502) when every key failed', async () => {
    const { svc } = service({ playlists: fail(500001), newSongs: fail(500002), newAlbums: fail(500003), charts: fail(1), focus: fail(2) });
    await expect(svc.getRecommend()).rejects.toMatchObject({
      constructor: UpstreamError,
      kind: 'business',
      details: { upstreamCode: 500001, target: 'music.playlist.PlaylistSquare.GetRecommendFeed' },
    });
  });

  it('keeps the good keys and lists each failed one', async () => {
    const { svc, musicuPartial } = service({
      playlists: fail(500001),
      newSongs: { code: 0, data: { songlist: [{ id: 1, mid: 'm', name: 'n', singer: [{ mid: 's', name: 'S' }] }] } },
      newAlbums: fail(-1),
      charts: { code: 0, data: { group: [] } },
      focus: { code: 0, data: { content: [] } },
    });
    const out: any = await svc.getRecommend();
    expect(out.body.data).toEqual({
      playlists: [],
      newSongs: [{ songmid: 'm', songid: 1, songname: 'n', singers: [{ mid: 's', name: 'S' }], singer: [{ mid: 's', name: 'S' }] }],
      newAlbums: [],
      charts: [],
      focus: [],
      errors: [
        { key: 'playlists', module: 'music.playlist.PlaylistSquare.GetRecommendFeed', code: 500001 },
        { key: 'newAlbums', module: 'newalbum.NewAlbumServer.get_new_album_info', code: -1 },
      ],
    });
    expect(musicuPartial.mock.calls).toHaveLength(1);
  });
});
