// The shared modal dialog: first focus, Tab kept inside by wrapping at both ends, Escape asks the
// caller to close, and focus goes back to where it was.
import { useRef, useState } from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { ModalDialog } from "../../../src/ui/ModalDialog";

function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        open
      </button>
      {open ? (
        <ModalDialog
          labelledBy="t"
          role="alertdialog"
          initialFocus={cancel}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <h2 id="t">Delete</h2>
          <button ref={cancel} type="button">
            cancel
          </button>
          <button type="button" disabled>
            busy
          </button>
          <button type="button">delete</button>
        </ModalDialog>
      ) : null}
    </>
  );
}

it("wraps Tab at both ends, closes on Escape and gives focus back", () => {
  const onClose = vi.fn();
  render(<Harness onClose={onClose} />);
  const opener = screen.getByRole("button", { name: "open" });
  opener.focus();
  fireEvent.click(opener);

  const dialog = screen.getByRole("alertdialog", { name: "Delete" });
  const cancel = screen.getByRole("button", { name: "cancel" });
  const remove = screen.getByRole("button", { name: "delete" });
  expect(document.activeElement).toBe(cancel);

  // Shift+Tab on the first control goes to the last (the disabled one is skipped)...
  fireEvent.keyDown(cancel, { key: "Tab", shiftKey: true });
  expect(document.activeElement).toBe(remove);
  // ...and Tab on the last goes back to the first.
  fireEvent.keyDown(remove, { key: "Tab" });
  expect(document.activeElement).toBe(cancel);
  // Tab in the middle is the browser's.
  const middle = fireEvent.keyDown(cancel, { key: "Tab" });
  expect(middle).toBe(true);
  expect(document.activeElement).toBe(cancel);

  fireEvent.keyDown(dialog, { key: "Escape" });
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole("alertdialog")).toBeNull();
  expect(document.activeElement).toBe(opener);
});
