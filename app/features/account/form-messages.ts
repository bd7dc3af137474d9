import type { FormResult } from "~/lib/form.server";
import { useT } from "~/i18n/i18n";

/**
 * `message(result)`: what an account form's answer says, in the page's language when the server
 * named it (its `reason`, catalog id `form.<reason>`), else as the server wrote it. Pages that
 * show one send the `account` area.
 */
export function useFormMessage() {
  const t = useT();
  return (result: FormResult): string => {
    const words = result.ok ? result.message : result.error;
    if (!result.reason) return words;
    const seconds = result.values?.seconds ?? 0;
    // A wait of a minute or more is told in whole minutes, rounded up.
    const [unit, count] = seconds < 60 ? ["second", seconds] : ["minute", Math.ceil(seconds / 60)];
    return t(`form.${result.reason}` as const, { min: result.values?.min, unit, count });
  };
}
