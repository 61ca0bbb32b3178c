// The timer's sounds, made with WebAudio (no audio files): a short beep at 10 s, a long one at 0.

let context: AudioContext | null = null;

/** Browsers start audio only after a user gesture: the console calls this on every tap. */
export function unlockAudio(): void {
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") void context.resume();
  } catch {
    context = null;
  }
}

export function beep(kind: "warn" | "end"): void {
  const ctx = context;
  if (!ctx) return;
  const tones =
    kind === "warn" ? [{ at: 0, f: 880, d: 0.15 }] : [0, 0.25, 0.5].map((at) => ({ at, f: 660, d: 0.2 }));
  for (const tone of tones) {
    const osc = new OscillatorNode(ctx, { type: "sine", frequency: tone.f });
    const gain = new GainNode(ctx, { gain: 0 });
    const t0 = ctx.currentTime + tone.at;
    gain.gain.setValueAtTime(0, t0);
    gain.gain.linearRampToValueAtTime(0.4, t0 + 0.01);
    gain.gain.linearRampToValueAtTime(0, t0 + tone.d);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0);
    osc.stop(t0 + tone.d + 0.02);
  }
}
