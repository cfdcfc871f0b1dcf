import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../seed';
import { verifyToken } from '../jwt';
import { ERRORS } from '@murmur/mock-api-contract';
import { startMockServer, stopMockServer } from '../mockServer';
import { api, as, expectRefusal, withMockServer } from '../test-support';

withMockServer();

describe('POST /api/auth/login', () => {
  it('logs in with the demo email (any case) and answers a verified token for that user', async () => {
    const response = await api.post('/auth/login', { username: 'Mira@Example.COM', password: DEMO_ACCOUNT.password });
    expect(response.status).toBe(200);
    expect(Object.keys(response.data).sort()).toEqual(['encodedToken', 'foundUser']);
    expect(response.data.foundUser).toMatchObject({
      _id: 'user-seed-01-mira',
      username: 'miraokafor',
      email: 'mira@example.com',
      firstName: 'Mira',
      lastName: 'Okafor',
    });
    expect(verifyToken(response.data.encodedToken)).toMatchObject({ _id: 'user-seed-01-mira', username: 'miraokafor' });
  });

  it('logs in with a plain username', async () => {
    const response = await api.post('/auth/login', { username: 'miraokafor', password: 'murmur-demo' });
    expect(response.status).toBe(200);
  });

  it('refuses an unknown username or email with 404', async () => {
    expectRefusal(
      await api.post('/auth/login', { username: 'nobody@example.com', password: 'x' }),
      404,
      ERRORS.USER_NOT_REGISTERED,
    );
    expectRefusal(await api.post('/auth/login', {}), 404, ERRORS.USER_NOT_REGISTERED);
    expect(ERRORS.USER_NOT_REGISTERED).toBe('The username you entered is not Registered. Not Found error');
  });

  it('refuses a wrong password with 401, and passwords compare exactly', async () => {
    expectRefusal(
      await api.post('/auth/login', { username: 'miraokafor', password: 'Murmur-demo' }),
      401,
      'The credentials you entered are invalid. Unauthorized access error.',
    );
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await api.post('/auth/login', '{oops', {
      headers: { 'Content-Type': 'application/json' },
      transformRequest: (d) => d,
    });
    expectRefusal(response, 400, ERRORS.INVALID_JSON);
  });
});

describe('POST /api/auth/signup', () => {
  const newUser = { firstName: 'Nia', lastName: 'Brook', username: 'niabrook', password: 'pw-123456' };

  it('creates the user with 201, a working token and no password in the answer', async () => {
    const response = await api.post('/auth/signup', {
      ...newUser,
      email: 'nia@example.com',
      bio: 'Hi',
      followers: ['x'],
    });
    expect(response.status).toBe(201);
    expect(Object.keys(response.data).sort()).toEqual(['createdUser', 'encodedToken']);
    const user = response.data.createdUser;
    expect(user).toMatchObject({ ...{ firstName: 'Nia', lastName: 'Brook', username: 'niabrook' }, bio: 'Hi' });
    expect(user).toMatchObject({ followers: [], following: [], bookmarks: [] });
    expect(user.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(user.profilePic).toMatch(/^data:image\/svg\+xml,/);
    const posted = await api.post('/posts', { postData: 'hello' }, as(response.data.encodedToken));
    expect(posted.status).toBe(201);
    const login = await api.post('/auth/login', { username: 'NIA@example.com', password: 'pw-123456' });
    expect(login.status).toBe(200);
  });

  it('accepts the reference client body with undefined values', async () => {
    const response = await api.post('/auth/signup', { ...newUser, email: undefined, bio: undefined });
    expect(response.status).toBe(201);
    expect(response.data.createdUser.email).toBe('');
    // An account without email must not be reachable by logging in with an empty identifier.
    expectRefusal(await api.post('/auth/login', { username: '', password: '' }), 404, ERRORS.USER_NOT_REGISTERED);
  });

  it('refuses an existing username with 422', async () => {
    expectRefusal(
      await api.post('/auth/signup', { ...newUser, username: 'miraokafor' }),
      422,
      'Unprocessable Entity. Username Already Exists.',
    );
  });

  it('refuses an existing email with 422', async () => {
    expectRefusal(await api.post('/auth/signup', { ...newUser, email: 'MIRA@example.com' }), 422, ERRORS.EMAIL_EXISTS);
  });

  it('refuses invalid fields with 400 and a clear message', async () => {
    expectRefusal(await api.post('/auth/signup', { ...newUser, username: 'has space' }), 400, ERRORS.USERNAME_INVALID);
    expectRefusal(await api.post('/auth/signup', { ...newUser, username: undefined }), 400, ERRORS.USERNAME_INVALID);
    expectRefusal(await api.post('/auth/signup', { ...newUser, password: '' }), 400, ERRORS.PASSWORD_INVALID);
    expectRefusal(await api.post('/auth/signup', { ...newUser, email: 'nope' }), 400, ERRORS.EMAIL_INVALID);
    expectRefusal(await api.post('/auth/signup', { ...newUser, link: 'ftp://x' }), 400, ERRORS.LINK_INVALID);
    expectRefusal(await api.post('/auth/signup', { ...newUser, bio: 'b'.repeat(501) }), 400, ERRORS.BIO_TOO_LONG);
    const users = await api.get('/users');
    expect(users.data.users).toHaveLength(7);
  });
});

describe('the token check on writes', () => {
  it('refuses a missing, malformed or forged token with 401', async () => {
    const message = 'The token is invalid. Unauthorized access error.';
    expectRefusal(await api.post('/posts', { postData: 'x' }), 401, message);
    expectRefusal(await api.post('/posts', { postData: 'x' }, as('garbage')), 401, message);
    const login = await api.post('/auth/login', { username: 'miraokafor', password: 'murmur-demo' });
    const [header, , signature] = (login.data.encodedToken as string).split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ _id: 'user-seed-02-tomas', username: 'tomaslind' })).toString(
      'base64url',
    );
    expectRefusal(
      await api.post('/posts', { postData: 'x' }, as(`${header}.${forgedPayload}.${signature}`)),
      401,
      message,
    );
  });

  it('accepts any header case and an optional Bearer prefix', async () => {
    const { data } = await api.post('/auth/login', { username: 'miraokafor', password: 'murmur-demo' });
    const token = data.encodedToken as string;
    expect(
      (await api.post('/posts', { postData: 'a' }, { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(201);
    expect((await api.post('/posts', { postData: 'b' }, { headers: { AUTHORIZATION: token } })).status).toBe(201);
    expect(
      (await api.post('/posts', { postData: 'c' }, { headers: { authorization: `bearer ${token}` } })).status,
    ).toBe(201);
  });

  it('answers 404 not-registered for a valid token whose user is gone', async () => {
    const signup = await api.post('/auth/signup', { firstName: 'A', lastName: 'B', username: 'ghost', password: 'p' });
    const token = signup.data.encodedToken as string;
    // A reload resets the in-memory data: the signed-up account is gone, its token still verifies.
    stopMockServer();
    startMockServer({ delay: 0 });
    expectRefusal(await api.post('/posts', { postData: 'x' }, as(token)), 404, ERRORS.USER_NOT_REGISTERED);
  });
});
