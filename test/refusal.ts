import { expect } from "vitest";
import { AppError } from "../server/errors.ts";

/** The AppError a call was refused with; fails the test when it succeeded or threw anything else. */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
