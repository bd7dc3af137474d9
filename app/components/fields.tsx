import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { AlertIcon, CheckCircleIcon, EyeIcon } from "~/lib/field-icons";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">;

/** A field with its label above it and its `hint` below, read with it. */
function Labelled({ id, label, hint, children }: { id: string; label: string; hint?: string | undefined; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-neutral-600 dark:text-neutral-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A labelled text input; `hint` is read with it. */
export function TextField({ label, hint, ...input }: InputProps & { label: string; hint?: string }) {
  const id = useId();
  return (
    <Labelled id={id} label={label} hint={hint}>
      <input id={id} className="field h-11 disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-600 dark:disabled:bg-neutral-800/60 dark:disabled:text-neutral-400" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
    </Labelled>
  );
}

/** A labelled list to pick one of `options` ([value, name]), each named as it is written (translate="no"); `hint` is read with it. */
export function SelectField({ label, hint, options, ...select }: Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className"> & { label: string; hint?: string; options: ReadonlyArray<readonly [string, string]> }) {
  const id = useId();
  return (
    <Labelled id={id} label={label} hint={hint}>
      <select id={id} className="field h-11" translate="no" aria-describedby={hint ? `${id}-hint` : undefined} {...select}>
        {options.map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/** A labelled box for longer text (a description, a prompt). */
export function TextAreaField({ label, ...textarea }: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className"> & { label: string }) {
  const id = useId();
  return (
    <Labelled id={id} label={label}>
      <textarea id={id} className="field min-h-24" {...textarea} />
    </Labelled>
  );
}

/** A labelled password input with a button that shows or hides what was typed (`toggle`: the button's names, in the page's language). */
export function PasswordField({ label, toggle, ...input }: InputProps & { label: string; toggle?: { show: string; hide: string } }) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {label}
      </label>
      <div className="relative">
        <input id={id} type={visible ? "text" : "password"} className="field h-11 pe-11" autoCapitalize="off" spellCheck={false} {...input} />
        <button
          type="button"
          className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-neutral-600 hover:text-neutral-950 dark:text-neutral-400 dark:hover:text-white"
          aria-label={visible ? (toggle?.hide ?? `Hide ${label.toLowerCase()}`) : (toggle?.show ?? `Show ${label.toLowerCase()}`)}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon off={visible} />
        </button>
      </div>
    </div>
  );
}

/** A success or error message, announced when it appears. */
export function Banner({ kind, children }: { kind: "success" | "error"; children: ReactNode }) {
  const styles =
    kind === "success"
      ? "border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900/60 dark:bg-emerald-950/50 dark:text-emerald-200"
      : "border-red-200 bg-red-50 text-red-900 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-200";
  return (
    <div role={kind === "error" ? "alert" : "status"} className={`flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm ${styles}`}>
      <span className="mt-px shrink-0">{kind === "success" ? <CheckCircleIcon /> : <AlertIcon />}</span>
      <p>{children}</p>
    </div>
  );
}
