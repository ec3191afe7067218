// What the emulator's node in a crash loop shows, as the platform's node events (pod_event) say it.

/** The reasons of a crash-looping node's events, oldest first: it starts, then backs off restarting. */
export const CRASH_LOOP_EVENTS = ['Scheduled', 'Pulling', 'Pulled', 'Created', 'Started', 'BackOff'];
