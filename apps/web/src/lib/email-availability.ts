import { useDebouncedValue } from '@mantine/hooks';
import { emailField } from '@portal/contracts/fields';
import { MSG } from '@portal/contracts/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import { ApiError, api } from './api-client.ts';
import { FORM_MODE, withFieldVerdict } from './form.ts';

/** How long typing must pause before the server is asked (one call per pause, not per key). */
export const AVAILABILITY_DEBOUNCE_MS = 400;

export const COULD_NOT_CHECK_EMAIL = 'We could not check this email address. Please try again.';

/** checkemail for a new account; checkemailedit for the signed-in user's own change. */
export type AvailabilityCall = 'checkemail' | 'checkemailedit';
export type Availability = 'idle' | 'checking' | 'available' | 'taken';

const wellFormed = emailField();
const normalise = (email: string) => email.trim().toLowerCase();
const keyFor = (call: AvailabilityCall, email: string) => ['account', call, email] as const;

async function isAvailable(call: AvailabilityCall, email: string, signal: AbortSignal): Promise<boolean> {
  try {
    await api.get(call, { email }, { silent: true, signal });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return false;
    throw error;
  }
}

/**
 * Asks the server whether an e-mail address is free once typing pauses (spec §5). Any
 * failure counts as not available (§8), so a form can never be sent on a guess.
 *
 * `verdictFor` gives the error message for an address, read from the query cache so that
 * a form resolver can use it; `onSettled` runs when the verdict on the current address changes.
 */
export function useEmailAvailability(
  call: AvailabilityCall,
  email: string,
  options: { skip?: (email: string) => boolean; onSettled?: () => void } = {},
) {
  const queryClient = useQueryClient();
  const value = normalise(email);
  const [debounced] = useDebouncedValue(value, AVAILABILITY_DEBOUNCE_MS);
  const skip = options.skip ?? (() => false);
  const checkable = value !== '' && wellFormed.safeParse(value).success && !skip(value);

  const query = useQuery({
    queryKey: keyFor(call, debounced),
    queryFn: ({ signal }) => isAvailable(call, debounced, signal),
    enabled: checkable && debounced === value,
    retry: false,
    staleTime: 15_000,
  });

  let status: Availability = 'idle';
  if (checkable) {
    if (debounced !== value || query.isFetching || query.isPending) status = 'checking';
    else status = query.isError || query.data === false ? 'taken' : 'available';
  }

  const skipRef = useRef(skip);
  skipRef.current = skip;
  const verdictFor = useCallback(
    (raw: string): string | null => {
      const address = normalise(raw);
      if (!address || skipRef.current(address)) return null;
      const state = queryClient.getQueryState<boolean>(keyFor(call, address));
      if (state?.status === 'error') return COULD_NOT_CHECK_EMAIL;
      return state?.data === false ? MSG.emailInUse : null;
    },
    [queryClient, call],
  );

  const onSettled = useRef(options.onSettled);
  onSettled.current = options.onSettled;
  const previous = useRef<Availability>('idle');
  useEffect(() => {
    // A new answer must show at once, and an 'in use' that no longer applies must go,
    // even before the field has been left (the form only revalidates touched fields).
    if (status === 'available' || status === 'taken' || previous.current === 'taken') onSettled.current?.();
    previous.current = status;
  }, [status]);

  return { status, verdictFor };
}

/**
 * A form with an e-mail field checked for availability as the user types: its resolver
 * also reports an address already in use (or one that could not be checked), so the form
 * cannot be sent until the answer is in. Registration and both profiles use it.
 */
export function useFormWithEmailCheck<TFields extends FieldValues, TOutput>(options: {
  resolver: Resolver<TFields, unknown, TOutput>;
  defaultValues: DefaultValues<TFields>;
  field: Path<TFields>;
  call: AvailabilityCall;
  /** Addresses not to ask about, such as the user's own. */
  skip?: (email: string) => boolean;
}) {
  // The resolver is made once, but must see the latest availability answers.
  const verdictRef = useRef<(email: string) => string | null>(() => null);
  const [resolver] = useState(() => withFieldVerdict(options.resolver, options.field, (v) => verdictRef.current(v)));
  const form = useForm<TFields, unknown, TOutput>({ ...FORM_MODE, resolver, defaultValues: options.defaultValues });
  const availability = useEmailAvailability(options.call, String(form.watch(options.field) ?? ''), {
    skip: options.skip,
    onSettled: () => void form.trigger(options.field),
  });
  verdictRef.current = availability.verdictFor;
  return { form, availability };
}
