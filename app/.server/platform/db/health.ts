import { client } from "./client";

export async function checkDatabase(): Promise<boolean> {
  try {
    await client.execute("select 1");
    return true;
  } catch {
    return false;
  }
}
