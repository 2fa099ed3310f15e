// The signed-in user's IM database (read-only for tabs; the worker writes it), or null when
// there is no IM user in this tab.
import { useMemo } from "react";
import { useSnapshot } from "valtio";
import type { AppDb } from "../../db/AppDb";
import { openImDb } from "../../db/db";
import { session } from "../../state/session";

export function useImDb(): { db: AppDb | null; imUid: string | null } {
  const { imUid } = useSnapshot(session);
  const db = useMemo(() => (imUid === null ? null : openImDb(imUid)), [imUid]);
  return { db, imUid };
}
