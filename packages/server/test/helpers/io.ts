// `misto`'s streams for a test that runs the CLI's main in this process: what it wrote, as text.

export function capturedIo() {
  const out = { stdout: "", stderr: "" };
  return {
    out,
    io: {
      stdout: { write: (t: string) => (out.stdout += t) },
      stderr: { write: (t: string) => (out.stderr += t) },
    },
  };
}
