// The promotion choice: opened over the board when a move may promote or not.

import { pieceGlyph } from "./pieces.js";

/** The dialog of index.html's #promotion; `onChoose(usi)` gets the move picked. */
export class PromotionChoice {
  constructor(onChoose) {
    this.root = document.getElementById("promotion");
    this.yes = document.getElementById("promote-yes");
    this.no = document.getElementById("promote-no");
    for (const b of [this.yes, this.no]) {
      b.addEventListener("click", () => {
        this.close();
        onChoose(b.dataset.usi);
      });
    }
  }

  /** Asks about `piece` (unpromoted) moving by `plainUsi` or by `promotingUsi`. */
  open(piece, plainUsi, promotingUsi, letters) {
    this.yes.textContent = `Promote ${pieceGlyph({ ...piece, promoted: true }, letters)}`;
    this.no.textContent = `Keep ${pieceGlyph(piece, letters)}`;
    this.yes.dataset.usi = promotingUsi;
    this.no.dataset.usi = plainUsi;
    this.root.hidden = false;
    this.yes.focus();
  }

  close() {
    this.root.hidden = true;
  }

  isOpen() {
    return !this.root.hidden;
  }
}
