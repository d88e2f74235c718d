// MSW handlers for registration, login, token refresh and blacklisting.
import { HttpResponse, http } from 'msw';
import type { Credentials, RefreshBody } from '../../../../contract/requests';
import { MESSAGES } from '../../../../contract/rules';
import { makeJwt, nextId } from '../../../fixtures/factories';
import { db } from '../db';
import { apiUrl } from '../url';

const ACCESS_LIFETIME_S = 30 * 60;
const REFRESH_LIFETIME_S = 24 * 60 * 60;

export const authHandlers = [
  http.post(apiUrl('api/user/register/'), async ({ request }) => {
    const body = (await request.json()) as Credentials;
    if (db.users.some((u) => u.username === body.username)) {
      return HttpResponse.json({ username: [MESSAGES.usernameTaken] }, { status: 400 });
    }
    db.users.push(body);
    return HttpResponse.json({ id: nextId(), username: body.username }, { status: 201 });
  }),
  http.post(apiUrl('api/token/'), async ({ request }) => {
    const body = (await request.json()) as Credentials;
    const known = db.users.some(
      (u) => u.username === body.username && u.password === body.password,
    );
    if (!known) return HttpResponse.json({ detail: MESSAGES.badLogin }, { status: 401 });
    return HttpResponse.json({
      refresh: makeJwt(REFRESH_LIFETIME_S, { token_type: 'refresh' }),
      access: makeJwt(ACCESS_LIFETIME_S),
    });
  }),
  http.post(apiUrl('api/token/refresh/'), async ({ request }) => {
    const { refresh } = (await request.json()) as RefreshBody;
    if (db.revokedRefreshTokens.has(refresh)) {
      return HttpResponse.json(
        { detail: MESSAGES.refreshInvalid, code: 'token_not_valid' },
        { status: 401 },
      );
    }
    return HttpResponse.json({ access: makeJwt(ACCESS_LIFETIME_S) });
  }),
  http.post(apiUrl('api/token/blacklist/'), async ({ request }) => {
    const { refresh } = (await request.json()) as RefreshBody;
    db.revokedRefreshTokens.add(refresh);
    return HttpResponse.json({});
  }),
];
