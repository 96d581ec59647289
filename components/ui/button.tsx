"use client";

import { useSyncExternalStore, type ButtonHTMLAttributes } from "react";
import { buttonClass, type Variant } from "./button-class";

export { buttonClass };

const subscribe = () => () => {};

/** False in the server HTML and until React has hydrated: a click before then would do nothing. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  pending?: boolean;
  pendingText?: string;
};

/** A button that shows a spinner and a pending label while its action runs. */
export function Button({
  variant = "primary",
  pending,
  pendingText,
  className,
  children,
  disabled,
  ...rest
}: ButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      className={buttonClass(variant, className)}
      disabled={disabled || pending || !hydrated}
      aria-busy={pending || undefined}
      {...rest}
    >
      {pending ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      ) : null}
      {pending && pendingText ? pendingText : children}
    </button>
  );
}
