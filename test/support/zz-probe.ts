import { startHarness } from './harness';
const L = { 'X-Custom-Cookie': 'uin=o0010001; qqmusic_uin=10001; qqmusic_key=Q_H_L_robustWrite; p_skey=robustWritePskey' };
const rows: [string, string, any][] = [
 ['POST','/user/setSongLike',{"songmid":"0039MnYb0qxYhV","like":true}],
 ['GET','/user/getSongLikeState',{"songmids":"0039MnYb0qxYhV,003UkWuI0E8U0l"}],
 ['POST','/user/createPlaylist',{"name":"夏日歌单"}],
 ['POST','/user/renamePlaylist',{"dissid":"7000001","name":"夏夜歌单"}],
 ['POST','/user/deletePlaylist',{"dissid":"7000003"}],
 ['POST','/user/addPlaylistSongs',{"dissid":"7000002","songmids":["0039MnYb0qxYhV","003UkWuI0E8U0l"]}],
 ['POST','/user/removePlaylistSongs',{"dissid":"7000002","songmids":["0039MnYb0qxYhV"]}],
 ['POST','/setFav',{"dirId":201,"songs":[{"songId":97773,"songType":0}],"isFan":false}],
 ['POST','/getIsSongFan',{"songmids":["0039MnYb0qxYhV","003UkWuI0E8U0l"]}],
];
(async () => {
  const h = await startHarness({ cookieFile: { cookie: 'uin=o0010001; qqmusic_uin=10001; qqmusic_key=Q_H_L_fault; qm_keyst=Q_H_L_fault', uin: '10001' } });
  for (const [m, p, ex] of rows) {
    for (let i = 0; i < 2; i++) {
      h.fake.reset();
      const res = m === 'GET' ? await h.http().get(p).query(ex).set(L) : await h.http().post(p).set(L).send(ex);
      console.log(m, p, res.status, JSON.stringify(res.body).slice(0, 150));
      for (const r of h.fake.requests) console.log('   ', r.hostKey, r.path, (r.musicu ?? []).map((k: any) => `${k.module}.${k.method}`).join(' + '));
    }
  }
  await h.close();
})();
