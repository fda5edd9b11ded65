import type { FakeRoutes } from '../fake-upstream';

export const playlistsRoutes: FakeRoutes = {};
