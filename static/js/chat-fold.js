// On a phone the chat sits under the hand: it starts folded there, its summary
// showing how many messages are new, and a tap opens it. Progressive
// enhancement: without this script the chat is simply open.
(() => {
  "use strict";
  const chat = document.querySelector("details.chat-fold");
  if (chat && window.matchMedia("(max-width: 59.99rem)").matches) chat.open = false;
})();
