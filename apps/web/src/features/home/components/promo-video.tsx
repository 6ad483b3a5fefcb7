import { Button, type ButtonProps } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useSettings } from '../../../lib/content.ts';

// Fetched, with its styles, when the visitor heads for the button: most never open it.
const PromoVideoModal = lazy(() => import('./promo-video-modal.tsx'));

/**
 * The promotional video (spec §1): plays as the modal opens, and on closing pauses and goes
 * back to the start, so that the next opening begins from the beginning.
 */
export function PromoVideo(buttonProps: ButtonProps) {
  const settings = useSettings();
  const video = useRef<HTMLVideoElement>(null);
  const [opened, setOpened] = useState(false);
  // The modal mounts when the pointer or the focus reaches the button, so that by the click
  // its video usually exists and starts inside the click, as browsers require for sound.
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  // A click that came before the modal's code had loaded: play as soon as the video exists.
  const playWhenMounted = useRef(false);
  const src = settings?.promo_video_url;

  const play = () => void video.current?.play().catch(() => undefined);
  const open = () => {
    setWanted(true);
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
      <Button
        leftSection={<IconPlayerPlayFilled size={16} aria-hidden />}
        onClick={open}
        onPointerEnter={want}
        onTouchStart={want}
        onFocus={want}
        {...buttonProps}
      >
        Watch the video
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <PromoVideoModal src={src} opened={opened} onClose={close} videoRef={video} onMounted={mounted} />
        </Suspense>
      )}
    </>
  );
}
