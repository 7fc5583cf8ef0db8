import type { ReactNode } from "react";
import { Drawer } from "vaul";

/** The narrow-screen form of ResponsiveDialog (vaul), loaded only when a drawer opens on a small screen. */
export default function BottomDrawer({
  title,
  description,
  onClose,
  children,
}: {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer.Root open onOpenChange={(next) => !next && onClose()} closeThreshold={0.25}>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Drawer.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-xl bg-white p-4 pb-8 text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100">
          <div aria-hidden="true" className="mx-auto mb-4 h-1.5 w-12 rounded-full bg-zinc-300 dark:bg-zinc-700" />
          <Drawer.Title className="text-lg font-semibold">{title}</Drawer.Title>
          {description ? (
            <Drawer.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {description}
            </Drawer.Description>
          ) : null}
          <div className="mt-4 overflow-y-auto">{children}</div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
