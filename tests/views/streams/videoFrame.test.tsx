import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post } from '../../fixtures/streams';
import { renderStreamsPage } from './streamsPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("a post's video", () => {
  it('shows the poster made at upload when it has one (no fragment needed)', async () => {
    const src = '/media/video/upload/v1/clip.webm';
    const poster = '/media/image/upload/v1/0190a1b2-c3d4-7e5f-8a9b-00000000000a';
    renderStreamsPage([post({ _id: 'p1', post: 'Waves', video: src, videoPoster: poster })]);
    const card = await waitFor(() => screen.getByRole('article'));
    const video = within(card).getByLabelText(/^Video shared by/) as HTMLVideoElement;
    expect(video.getAttribute('poster')).toBe(poster);
    expect(video.getAttribute('src')).toBe(src);
    expect(video.getAttribute('preload')).toBe('metadata');
  });

  it('without a poster (sent the data-URL way, or by a browser that could not draw one), shows its first frame: metadata preloaded and the #t=0.1 fragment', async () => {
    const src = '/media/video/upload/v1/clip.mp4';
    renderStreamsPage([post({ _id: 'p1', post: 'Waves', video: src })]);
    const card = await waitFor(() => screen.getByRole('article'));
    const video = within(card).getByLabelText(/^Video shared by/) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe(`${src}#t=0.1`);
    expect(video.hasAttribute('poster')).toBe(false);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.hasAttribute('controls')).toBe(true);
  });
});
