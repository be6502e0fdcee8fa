import { describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { json, stubFetch } from '../test/fetch';
import { loadProfileImage, profileImageDataUrl } from './profile-image';

describe('the profile image', () => {
  const fetchMock = stubFetch();

  it('is loaded for a tenant, named in the tenant-id header, and turned into a data URL', async () => {
    fetchMock.mockResolvedValue(json({ imageType: 'image/png', data: 'iVBORw0KGgo=' }));
    await expect(loadProfileImage('tenant-1')).resolves.toBe('data:image/png;base64,iVBORw0KGgo=');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url instanceof Request ? url.url : url.toString()).toMatch(
      /\/ui\/api\/id\/profile\/image\?responseType=json&_ti=/,
    );
    expect(init?.headers).toMatchObject({ 'tenant-id': 'tenant-1' });
  });

  it.each([null, undefined, '', '  '])('is not loaded without a tenant id (%j)', async (tenantID) => {
    await expect(loadProfileImage(tenantID)).rejects.toThrow(messages.tenantIdArgRequired);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('cannot be made into a data URL without the response', () => {
    expect(() => profileImageDataUrl(undefined)).toThrow(messages.payloadArgRequired);
    expect(() => profileImageDataUrl(null)).toThrow(messages.payloadArgRequired);
  });

  it('is no picture when the person has none', () => {
    expect(profileImageDataUrl({ imageType: null, data: null })).toBeNull();
  });

  it('fails with "payload" when the server responds with nothing', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 200 }));
    await expect(loadProfileImage('tenant-1')).rejects.toThrow(messages.payloadArgRequired);
  });
});
