import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";

import { useDemoRefusal } from "~/lib/demo-refusal";
import { dialogHref } from "~/lib/dialog";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "~/lib/use-hydrated";
import { useMediaQuery } from "~/lib/use-media-query";
import { Alert } from "./alert";
import { buttonClassName } from "./button";

// vaul and its Radix dependencies weigh ~21 kB gzipped: loaded only when a drawer opens on a small screen.
const BottomDrawer = lazy(() => import("./bottom-drawer"));

/** A link that opens the dialog `name` (the page keeps its scroll position). */
export function DialogLink({
  name,
  param = "modal",
  className,
  children,
}: {
  name: string;
  param?: string;
  className?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <Link to={dialogHref(location, name, param)} preventScrollReset className={className}>
      {children}
    </Link>
  );
}

type ResponsiveDialogProps = {
  name: string;
  param?: string;
  title: string;
  description?: ReactNode;
  closeButton?: boolean;
  children: ReactNode;
};

/**
 * Below 640 px a bottom drawer (vaul: closes past 0.25 of its height or on a fast flick), at or above
 * it a centred dialog with a Close button. Without JavaScript the server renders it open from the URL.
 */
export function ResponsiveDialog({
  name,
  param = "modal",
  title,
  description,
  closeButton = true,
  children,
}: ResponsiveDialogProps) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const narrow = useMediaQuery("(max-width: 639.98px)");
  const open = searchParams.get(param) === name;
  const closeHref = dialogHref(location, null, param);
  const close = () => void navigate(closeHref, { replace: true, preventScrollReset: true });
  useReturnFocus(open, dialogHref(location, name, param));
  const refusedHere = useDemoRefusal()?.inDialog === true && name !== "demo";
  if (!open) return null;
  // A demo-mode refusal of this dialog's form: said here, over the values kept, rather than in a second dialog. The
  // children keep their place in the tree, so a form that was open stays mounted with what was typed.
  const body = (
    <>
      {refusedHere ? <DemoRefusalAlert /> : null}
      {children}
    </>
  );
  if (hydrated && narrow) {
    return (
      <Suspense fallback={null}>
        <BottomDrawer title={title} description={description} onClose={close}>
          {body}
        </BottomDrawer>
      </Suspense>
    );
  }
  return (
    <CentredDialog
      title={title}
      description={description}
      closeHref={closeButton ? closeHref : null}
      onClose={close}
      modal={hydrated}
    >
      {body}
    </CentredDialog>
  );
}

function DemoRefusalAlert() {
  const { t } = useTranslation();
  return (
    <div className="mb-4">
      <Alert tone="error">
        <p className="font-medium">{t("demo.modalTitle")}</p>
        <p>{t("demo.modalText")}</p>
      </Alert>
    </div>
  );
}

// useLayoutEffect warns when rendered on the server; there is no focus to keep there anyway.
const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * When the dialog closes (Escape, Close, Cancel, a drag), focus goes back to the control that opened it, as a native
 * modal would, instead of falling to <body>. The opener is the element that had focus when the dialog opened; a
 * dialog that was open when the page loaded (its URL says so) has none, and then it is the link that opens it (same
 * href). Nothing is moved when something else already took focus, nor when the opener is gone (a deletion led away).
 */
function useReturnFocus(open: boolean, openHref: string) {
  const href = useRef(openHref);
  useClientLayoutEffect(() => {
    if (open) href.current = openHref;
  });
  useClientLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    return () => {
      // After this commit has taken the dialog out of the page.
      setTimeout(() => {
        const focused = document.activeElement;
        if (focused && focused !== document.body && focused.isConnected) return;
        const target = opener?.isConnected
          ? opener
          : document.querySelector<HTMLElement>(`a[href="${CSS.escape(href.current)}"]`);
        target?.focus();
      }, 0);
    };
  }, [open]);
}

function CentredDialog({
  title,
  description,
  closeHref,
  onClose,
  modal,
  children,
}: {
  title: string;
  description?: ReactNode;
  closeHref: string | null;
  onClose: () => void;
  modal: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (modal && dialog && !dialog.open) dialog.showModal();
  }, [modal]);
  return (
    <>
      {modal ? null : <div aria-hidden="true" className="fixed inset-0 z-40 bg-black/50" />}
      <dialog
        ref={ref}
        open={modal ? undefined : true}
        aria-labelledby={titleId}
        aria-modal="true"
        onCancel={(event) => {
          event.preventDefault();
          onClose();
        }}
        className="fixed inset-0 z-50 m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl bg-white p-6 text-zinc-900 shadow-xl backdrop:bg-black/50 dark:bg-zinc-900 dark:text-zinc-100"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? <div className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</div> : null}
        <div className="mt-4">{children}</div>
        {closeHref === null ? null : (
          <div className="mt-6 flex justify-end">
            <Link to={closeHref} replace preventScrollReset className={buttonClassName("secondary")}>
              {t("ui.close")}
            </Link>
          </div>
        )}
      </dialog>
    </>
  );
}
