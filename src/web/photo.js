// A phone's photo made small enough to send over a venue's Wi-Fi (and under the server's 240 KB):
// drawn on a canvas at most 1280 px on its long side and saved as JPEG, lowering the quality (then
// the size) until it fits.
const LIMIT = 230 * 1024;

function loadImage(file) {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => { URL.revokeObjectURL(url); resolve(img); };
    img.onerror = () => { URL.revokeObjectURL(url); reject(new Error('That file is not a picture this browser can read.')); };
    img.src = url;
  });
}

const toBlob = (canvas, quality) => new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));

export async function shrinkPhoto(file) {
  const img = await loadImage(file);
  for (let side = 1280; side >= 320; side = Math.round(side * 0.75)) {
    const scale = Math.min(1, side / Math.max(img.naturalWidth, img.naturalHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
    canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
    for (const quality of [0.85, 0.7, 0.55]) {
      const blob = await toBlob(canvas, quality);
      if (blob && blob.size <= LIMIT) return blob;
    }
  }
  throw new Error('The photo is too large even when shrunk; try another.');
}
