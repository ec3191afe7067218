// Nothing to do yet: the check runs in the post step, once the action under test has cleaned up.
console.log(`verify-cleanup: will check ${process.env.INPUT_RECORD ?? ''} after the other post steps`);
