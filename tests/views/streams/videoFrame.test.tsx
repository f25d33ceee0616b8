import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post } from '../../fixtures/streams';
import { renderStreamsPage } from './streamsPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("a post's video", () => {
  it('shows its first frame, not a black box: metadata preloaded and the #t=0.1 fragment (no poster can be made on the server)', async () => {
    const src = '/media/video/upload/v1/clip.mp4';
    renderStreamsPage([post({ _id: 'p1', post: 'Waves', video: src })]);
    const card = await waitFor(() => screen.getByRole('article'));
    const video = within(card).getByLabelText(/^Video shared by/) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe(`${src}#t=0.1`);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.hasAttribute('controls')).toBe(true);
  });
});
