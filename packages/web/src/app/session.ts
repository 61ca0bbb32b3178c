// Who is signed in, as the shell knows it: undefined while asking, null when signed out.

import type { HostInfo } from "@misto/protocol";
import { createApi } from "../api/client.js";

export const api = createApi();

export type Me = HostInfo | null | undefined;
