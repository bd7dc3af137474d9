import { useState, type Dispatch, type SetStateAction } from "react";
import { useLocation } from "react-router";

/** A menu's open state, which any navigation closes (to another page, or to this one again from the menu). */
export function useOpenUntilNavigation(): [boolean, Dispatch<SetStateAction<boolean>>] {
  const [open, setOpen] = useState(false);
  const { key } = useLocation();
  const [shownAt, setShownAt] = useState(key);
  if (shownAt !== key) {
    setShownAt(key);
    setOpen(false);
  }
  return [open, setOpen];
}
