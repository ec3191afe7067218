// The mandated dependencies alone, imported and nothing done: the floor for an action built on them.
// (Imports kept for their evaluation: the bundle must load both packages, as the action does.)
import '@actions/core';
import '@actions/http-client';
