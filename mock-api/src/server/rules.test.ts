import { describe, expect, it } from 'vitest';
import type { User } from '@murmur/mock-api-contract';
import { api, as, expectRefusal, tokenFor, withMockServer } from './test-support';
import { ERRORS } from '@murmur/mock-api-contract';
import { ROUTES } from './mockServer';
import { LIMITS, RESERVED_USERNAMES, exceedsLength, isBlank, isEmail, isIdShaped } from '@murmur/mock-api-contract';
import { SEED_IDS } from './seed';

withMockServer();

const person = { firstName: 'Nia', lastName: 'Brook', password: 'pw-123456' };
const signup = (body: Record<string, unknown>) => api.post('/auth/signup', { ...person, ...body });
const userCount = async (): Promise<number> => ((await api.get('/users')).data.users as User[]).length;
const SMILE = '\u{1F600}';
const ZERO_WIDTH = '\u200b\u200c\u200d\u2060\ufeff';

describe('counting characters', () => {
  it('counts code points, so an emoji is one character', () => {
    expect(exceedsLength(SMILE.repeat(5), 5)).toBe(false);
    expect(exceedsLength(SMILE.repeat(6), 5)).toBe(true);
    expect(exceedsLength('abcdef', 5)).toBe(true);
  });

  it('treats whitespace and zero-width characters alone as blank', () => {
    for (const blank of ['', '   ', ZERO_WIDTH, `\u00a0${ZERO_WIDTH}\n\u3164`])
      expect(isBlank(blank), blank).toBe(true);
    expect(isBlank(`${ZERO_WIDTH}a`)).toBe(false);
  });
});

describe('sign-up', () => {
  it('accepts names that start with an emoji, and draws their initials', async () => {
    const response = await signup({ username: 'smiler', firstName: `${SMILE}Nia`, lastName: `${SMILE}` });
    expect(response.status).toBe(201);
    expect(response.data.createdUser).toMatchObject({ firstName: `${SMILE}Nia`, lastName: SMILE });
    expect(decodeURIComponent(response.data.createdUser.profilePic as string)).toContain(`>${SMILE}${SMILE}</text>`);
  });

  it('keeps usernames unique without regard to case', async () => {
    expectRefusal(await signup({ username: 'MiraOkafor' }), 422, ERRORS.USERNAME_EXISTS);
    expect((await signup({ username: 'NiaBrook' })).status).toBe(201);
    expectRefusal(await signup({ username: 'niabrook' }), 422, ERRORS.USERNAME_EXISTS);
    expect(await userCount()).toBe(8);
  });

  it('refuses route words, dot segments and id-shaped usernames, so every profile stays reachable', async () => {
    for (const username of [
      'bookmark',
      'Bookmark',
      'explore',
      'edit',
      'remove-bookmark',
      'user-seed-02-tomas',
      'POST-1',
    ]) {
      expectRefusal(await signup({ username }), 400, ERRORS.USERNAME_RESERVED);
    }
    for (const username of ['.', '..', '...', '-', 'a b', 'a/b', 'x'.repeat(31), '']) {
      expectRefusal(await signup({ username }), 400, ERRORS.USERNAME_INVALID);
    }
    expect(await userCount()).toBe(7);
    const tomas = await api.get(`/users/${SEED_IDS.users.tomas}`);
    expect(tomas.data.user.username).toBe('tomaslind');
  });

  it('reserves every fixed path segment of the API', () => {
    const segments = ROUTES.flatMap((route) => route.path.split('/')).filter((s) => s !== '' && !s.startsWith(':'));
    for (const segment of segments) expect(RESERVED_USERNAMES.has(segment), segment).toBe(true);
  });

  it('gives every record an id that no username can take', async () => {
    const token = await tokenFor('miraokafor');
    const created = await signup({ username: 'idcheck' });
    const posted = await api.post('/posts', { postData: 'hello' }, as(token));
    const postId = (posted.data.posts as { _id: string }[]).at(-1)?._id ?? '';
    const commented = await api.post(`/comments/add/${postId}`, { commentData: 'hi' }, as(token));
    const ids = [
      ...Object.values(SEED_IDS.users),
      created.data.createdUser._id as string,
      postId,
      ...(commented.data.comments as { _id: string }[]).map((c) => c._id),
      ...((await api.get('/posts')).data.posts as { _id: string }[]).map((p) => p._id),
    ];
    for (const id of ids) expect(isIdShaped(id), id).toBe(true);
  });

  it('refuses blank or zero-width names and over-long fields, creating nothing', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ username: 'a1', firstName: '   ' }, ERRORS.NAME_INVALID],
      [{ username: 'a1', lastName: ZERO_WIDTH }, ERRORS.NAME_INVALID],
      [{ username: 'a1', firstName: undefined }, ERRORS.NAME_INVALID],
      [{ username: 'a1', firstName: 'n'.repeat(LIMITS.nameLength + 1) }, ERRORS.NAME_INVALID],
      [{ username: 'a1', password: 'p'.repeat(LIMITS.passwordLength + 1) }, ERRORS.PASSWORD_INVALID],
      [{ username: 'a1', password: '' }, ERRORS.PASSWORD_INVALID],
      [{ username: 'a1', email: `${'e'.repeat(250)}@x.io` }, ERRORS.EMAIL_INVALID],
      [{ username: 'a1', email: 'a@b' }, ERRORS.EMAIL_INVALID],
      [{ username: 'a1', link: `https://example.com/${'l'.repeat(LIMITS.linkLength)}` }, ERRORS.LINK_TOO_LONG],
    ];
    for (const [body, message] of refusals) expectRefusal(await signup(body), 400, message);
    expect(await signup({ username: 'a1', firstName: SMILE.repeat(LIMITS.nameLength) })).toMatchObject({ status: 201 });
    expect(await userCount()).toBe(8);
  });

  it('refuses a 200,000-character non-address email with a clear message', async () => {
    // The old pattern backtracked quadratically on this shape (about 90 s for 200,000 characters on Node 20).
    const hostile = `a@${'.'.repeat(199_997)}@`;
    expectRefusal(await signup({ username: 'a1', email: hostile }), 400, ERRORS.EMAIL_INVALID);
    expect(isEmail(`${'a.'.repeat(100)}@${'b.'.repeat(60)}c`)).toBe(false);
    expect(isEmail('first.last+tag@mail.example.co.uk')).toBe(true);
  });

  it('turns an email sent as username (older clients) into the email and a derived, unique username', async () => {
    const first = await signup({ username: 'Nia.Brook+news@Example.com' });
    expect(first.status).toBe(201);
    expect(first.data.createdUser).toMatchObject({ username: 'nia.brooknews', email: 'Nia.Brook+news@Example.com' });
    const second = await signup({ username: 'nia.brooknews@other.org' });
    expect(second.data.createdUser).toMatchObject({ username: 'nia.brooknews2', email: 'nia.brooknews@other.org' });
    const reserved = await signup({ username: 'bookmark@example.org' });
    expect(reserved.data.createdUser.username).toBe('bookmark-member');
    expectRefusal(await signup({ username: 'NIA.brook+news@example.com' }), 422, ERRORS.EMAIL_EXISTS);
    expectRefusal(
      await signup({ username: 'nia@example.com', email: 'other@example.com' }),
      400,
      ERRORS.USERNAME_INVALID,
    );
    expectRefusal(await signup({ username: 'not@an-address' }), 400, ERRORS.EMAIL_INVALID);
    const login = await api.post('/auth/login', { username: 'nia.brook+news@example.com', password: person.password });
    expect(login.data.foundUser.username).toBe('nia.brooknews');
  });
});

describe('profile edit', () => {
  const edit = async (userData: Record<string, unknown>) =>
    api.post('/users/edit', { userData }, as(await tokenFor('miraokafor')));

  it('refuses an oversized picture or a non-image data URL, changing nothing', async () => {
    const before = (await api.get('/users/miraokafor')).data.user as User;
    const huge = `data:image/png;base64,${'A'.repeat(LIMITS.pictureDataLength)}`;
    for (const picture of [huge, 'data:text/html,<script>1</script>', `https://example.com/${'p'.repeat(2048)}`]) {
      expectRefusal(await edit({ bio: 'changed', profilePic: picture }), 400, ERRORS.IMAGE_INVALID);
      expectRefusal(await edit({ profileBanner: picture }), 400, ERRORS.IMAGE_INVALID);
    }
    expect((await api.get('/users/miraokafor')).data.user).toEqual(before);
    const fits = `data:image/png;base64,${'A'.repeat(LIMITS.pictureDataLength - 30)}`;
    expect((await edit({ profilePic: fits })).data.user.profilePic).toBe(fits);
  });

  it('refuses a body over the size limit before reading it, changing nothing', async () => {
    const before = (await api.get('/users/miraokafor')).data.user as User;
    const body = JSON.stringify({ userData: { bio: 'x', filler: 'f'.repeat(LIMITS.bodyLength) } });
    const token = await tokenFor('miraokafor');
    const response = await api.post('/users/edit', body, { ...as(token), transformRequest: (data: unknown) => data });
    expectRefusal(response, 400, ERRORS.BODY_TOO_LARGE);
    expect((await api.get('/users/miraokafor')).data.user).toEqual(before);
  });

  it('counts the bio in characters and refuses a blank name', async () => {
    expect((await edit({ bio: SMILE.repeat(LIMITS.bioLength) })).status).toBe(201);
    expectRefusal(await edit({ bio: SMILE.repeat(LIMITS.bioLength + 1) }), 400, ERRORS.BIO_TOO_LONG);
    expectRefusal(await edit({ firstName: ZERO_WIDTH }), 400, ERRORS.NAME_INVALID);
  });
});

describe('posts and comments', () => {
  it('count characters and treat zero-width-only text as empty', async () => {
    const token = await tokenFor('miraokafor');
    expect((await api.post('/posts', { postData: SMILE.repeat(LIMITS.postLength) }, as(token))).status).toBe(201);
    const tooLong = SMILE.repeat(LIMITS.postLength + 1);
    expectRefusal(await api.post('/posts', { postData: tooLong }, as(token)), 400, ERRORS.POST_TOO_LONG);
    expectRefusal(await api.post('/posts', { postData: ZERO_WIDTH }, as(token)), 400, ERRORS.POST_EMPTY);
    const postId = ((await api.get('/posts')).data.posts as { _id: string }[])[0]?._id ?? '';
    const comment = (commentData: string) => api.post(`/comments/add/${postId}`, { commentData }, as(token));
    expect((await comment(SMILE.repeat(LIMITS.commentLength))).status).toBe(201);
    expectRefusal(await comment(SMILE.repeat(LIMITS.commentLength + 1)), 400, ERRORS.COMMENT_TOO_LONG);
    expectRefusal(await comment(`\u200b \u200b`), 400, ERRORS.COMMENT_EMPTY);
  });
});
