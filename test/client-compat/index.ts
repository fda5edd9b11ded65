import type { ClientApp } from './types';
import { app as timp } from './apps/H-Haynes-TIMP';
import { app as uniTimp } from './apps/H-Haynes-uni-TIMP';
import { app as beta } from './apps/RubenCampoa-Beta-music-player';
import { app as luo } from './apps/sansenjian-Luo-Music';
import { app as tiaolv } from './apps/WQTY-MASTER-tiaolv-music';

/** Every recorded app, in the order docs/clients.md lists them. */
export const CLIENT_APPS: ClientApp[] = [timp, uniTimp, beta, tiaolv, luo];
