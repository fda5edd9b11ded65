import type { ClientApp } from './types';
import { app as abot } from './apps/djkcyl-ABot-Graia';
import { app as splayer } from './apps/DelicateDuck582-SPlayer';
import { app as timp } from './apps/H-Haynes-TIMP';
import { app as uniTimp } from './apps/H-Haynes-uni-TIMP';
import { app as smallProgram } from './apps/lmh199504-small_program';
import { app as tellyBot } from './apps/LolipopJ-telly-bot';
import { app as beta } from './apps/RubenCampoa-Beta-music-player';
import { app as luo } from './apps/sansenjian-Luo-Music';
import { app as dplayer } from './apps/ws4715535-DPlayer';
import { app as tiaolv } from './apps/WQTY-MASTER-tiaolv-music';

/** Every recorded app, in the order docs/clients.md lists them. */
export const CLIENT_APPS: ClientApp[] = [timp, uniTimp, beta, tiaolv, luo, smallProgram, abot, tellyBot, dplayer, splayer];
