import { Controller, Get, Logger, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The page's own Content-Security-Policy, stricter than the one every answer carries: scripts, styles and calls from
 * this origin only, images from it or `data:` (the QR codes), no plugin, no `<base>`, no form submission (the admin
 * token is never sent by a form, so never in a URL), and no framing by any page.
 */
export const LOGIN_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The page's files: src/login/page, beside this file in the source tree, or found from dist/src/login in a build. */
const PAGE_DIR = [join(__dirname, 'page'), join(__dirname, '..', '..', '..', 'src', 'login', 'page')].find((dir) => existsSync(join(dir, 'login.html')));

const FILES = {
  html: { name: 'login.html', type: 'text/html; charset=utf-8' },
  js: { name: 'login.js', type: 'text/javascript; charset=utf-8' },
  core: { name: 'login-core.js', type: 'text/javascript; charset=utf-8' },
  phone: { name: 'login-phone.js', type: 'text/javascript; charset=utf-8' },
  css: { name: 'login.css', type: 'text/css; charset=utf-8' },
} as const;
type PageFile = keyof typeof FILES;

/**
 * GET /login: a login page (docs/login.md "Login page"), plain HTML with its script (three ES modules) and one style
 * sheet, all read once at start. It calls the login routes with relative URLs. Not an API endpoint: not in the
 * OpenAPI document (like / and /metrics), and not rate-limited (small static files; the login routes it calls are).
 */
@ApiExcludeController()
@Controller()
@SkipThrottle()
export class LoginPageController {
  private readonly files: Partial<Record<PageFile, Buffer>> = {};

  constructor() {
    if (!PAGE_DIR) {
      new Logger('LoginPage').warn('The login page\'s files (src/login/page) are missing: GET /login answers 404');
      return;
    }
    for (const [key, { name }] of Object.entries(FILES)) this.files[key as PageFile] = readFileSync(join(PAGE_DIR, name));
  }

  @Get('login')
  page(@Req() req: Request, @Res() res: Response): void {
    // `/login/` would resolve the page's relative URLs under /login/login/: send it to /login.
    if (req.path.endsWith('/')) {
      res.redirect(301, '../login');
      return;
    }
    this.send(res, 'html');
  }

  @Get('login/login.js')
  script(@Res() res: Response): void {
    this.send(res, 'js');
  }

  @Get('login/login-core.js')
  core(@Res() res: Response): void {
    this.send(res, 'core');
  }

  @Get('login/login-phone.js')
  phone(@Res() res: Response): void {
    this.send(res, 'phone');
  }

  @Get('login/login.css')
  style(@Res() res: Response): void {
    this.send(res, 'css');
  }

  private send(res: Response, file: PageFile): void {
    const body = this.files[file];
    if (!body) {
      res.status(404).json({ error: 'The login page is not installed', errorCode: 'NOT_FOUND' });
      return;
    }
    res.setHeader('Content-Security-Policy', LOGIN_PAGE_CSP);
    res.setHeader('X-Frame-Options', 'DENY');
    res.type(FILES[file].type).send(body);
  }
}
