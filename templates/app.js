// The page's main thread: the DOM, the key, voice in and out, the kept conversation. The agent runs in
// worker.js. Model and tool output is only ever written with textContent.
// This module wires the page's modules together and starts it; each module holds one concern, its
// functions beside the listeners that call them: page (elements, config, shared state), agent (the
// worker), view (panels, the newest answer in view), settings, local (local servers), models (the Model
// box), conversation (kept across reloads), offline, asking, cost, trace, results (rows and rankings
// drawn), downloads, speaking, listening.
import { startWorker, watchLoading } from "./agent.js";
import { markPanels, showConversationTools } from "./view.js";
import { describeKeyStorage, restoreKey, restoreSettings, showMode } from "./settings.js";
import { probeLocal } from "./local.js";
import { fillModels, listModels } from "./models.js";
import { loadConversation } from "./conversation.js";
import { askFromLink } from "./asking.js";
import { pickVoice } from "./speaking.js";
import { explainVoiceSupport } from "./listening.js";
import "./downloads.js"; // its buttons' listeners

startWorker(); // first thing: the runtime download should not wait for the rest of this script

watchLoading();

restoreSettings();

restoreKey();

fillModels(false);

describeKeyStorage();

showMode();

explainVoiceSupport();

pickVoice();

markPanels();

loadConversation();

showConversationTools();

listModels();

probeLocal();

askFromLink();

performance.mark("question-ready"); // the Question box and its handlers are live (the benchmark reads this)
