// On a phone the chat sits under the hand: it starts folded there, its summary
// showing how many messages are new, and a tap opens it; it stays open when
// the page was opened at the chat. Progressive enhancement: without this
// script the chat is simply open.
(() => {
  "use strict";
  const chat = document.querySelector("details.chat-fold");
  // Open when the page was asked for at the chat (after posting, the redirect's #chat), so the sender sees it.
  const atChat = window.location.hash === "#chat" || window.location.hash.startsWith("#message-");
  if (chat && !atChat && window.matchMedia("(max-width: 59.99rem)").matches) chat.open = false;
})();
