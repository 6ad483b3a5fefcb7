import { Button, type ButtonProps } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useSettings } from '../../../lib/content.ts';

// Fetched as soon as the button shows, after the page itself: the modal code is not needed to paint.
const PromoVideoModal = lazy(() => import('./promo-video-modal.tsx'));

/**
 * The promotional video (spec §1): plays as the modal opens, and on closing pauses and goes
 * back to the start, so that the next opening begins from the beginning.
 */
export function PromoVideo(buttonProps: ButtonProps) {
  const settings = useSettings();
  const video = useRef<HTMLVideoElement>(null);
  const [opened, setOpened] = useState(false);
  // A click that came before the modal's code had loaded: play as soon as the video exists.
  const playWhenMounted = useRef(false);
  const src = settings?.promo_video_url;

  const play = () => void video.current?.play().catch(() => undefined);
  const open = () => {
    setOpened(true);
    // Started inside the click where possible, so that browsers allow playback with sound.
    if (video.current) play();
    else playWhenMounted.current = true;
  };
  const mounted = () => {
    if (!playWhenMounted.current) return;
    playWhenMounted.current = false;
    play();
  };
  const close = () => {
    setOpened(false);
    if (video.current) {
      video.current.pause();
      video.current.currentTime = 0;
    }
  };

  if (!src) return null;
  return (
    <>
      <Button leftSection={<IconPlayerPlayFilled size={16} aria-hidden />} onClick={open} {...buttonProps}>
        Watch the video
      </Button>
      <Suspense fallback={null}>
        <PromoVideoModal src={src} opened={opened} onClose={close} videoRef={video} onMounted={mounted} />
      </Suspense>
    </>
  );
}
