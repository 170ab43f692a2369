// The copy buttons of embed-docs.html: <button data-copy="ID"> copies the text of the element
// #ID and says so in the status line beside it (its words, in the page's language, are the
// status's data-done / data-failed). Without script the buttons stay hidden.
for (const button of document.querySelectorAll("button[data-copy]")) {
  const source = document.getElementById(button.dataset.copy);
  const status = button.parentElement.querySelector(".copy-status");
  if (!source || !status) continue;
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(source.textContent);
      status.textContent = status.dataset.done;
    } catch {
      // No clipboard here (an insecure page, a refused permission): select the text instead.
      getSelection().selectAllChildren(source);
      status.textContent = status.dataset.failed;
    }
  });
}
