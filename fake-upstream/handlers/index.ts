import type { FakeRoutes } from '../fake-upstream';
import { chartsRoutes } from './charts';
import { musicRoutes } from './music';
import { playlistsRoutes } from './playlists';
import { singersRoutes } from './singers';
import { mvRoutes } from './mv';
import { discoverRoutes } from './discover';
import { commentsRoutes } from './comments';
import { searchRoutes } from './search';
import { loginRoutes } from './login';
import { phoneLoginRoutes } from './phone-login';
import { appQrLoginRoutes } from './app-qr-login';
import { userRoutes } from './user';
import { recommendRoutes } from './recommend';
import { libraryRoutes } from './library';
import { relationRoutes } from './relation';
import { collectionsRoutes } from './collections';
import { lyricQrcRoutes } from './lyric-qrc';
import { identityRoutes } from './identity';

/** Every feature's fake routes. A new feature adds one file under handlers/ and one line here. */
export const ROUTES: FakeRoutes[] = [chartsRoutes, musicRoutes, playlistsRoutes, singersRoutes, mvRoutes, discoverRoutes, commentsRoutes, searchRoutes, loginRoutes, phoneLoginRoutes, appQrLoginRoutes, userRoutes, recommendRoutes, relationRoutes, libraryRoutes, collectionsRoutes, lyricQrcRoutes, identityRoutes];
