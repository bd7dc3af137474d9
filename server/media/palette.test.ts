import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { colorLabelsOfFile, colorName } from "./palette.ts";
import { solidImage, splitImage } from "./test-images.ts";

describe("colour names", () => {
  it("names colours as people do", () => {
    const expected: Record<string, string> = {
      "#d62828": "red",
      "#f77f00": "orange",
      "#facc15": "yellow",
      "#2a9d8f": "teal",
      "#38b000": "green",
      "#48cae4": "cyan",
      "#1d4ed8": "blue",
      "#0c4a6e": "blue",
      "#6a00f4": "purple",
      "#d100d1": "magenta",
      "#ff8fab": "pink",
      "#7f4f24": "brown",
      "#808080": "gray",
      "#050505": "black",
      "#fbfbfb": "white",
    };
    const channel = (hex: string, at: number) => parseInt(hex.slice(at, at + 2), 16);
    const named = Object.fromEntries(Object.keys(expected).map((hex) => [hex, colorName(channel(hex, 1), channel(hex, 3), channel(hex, 5))]));
    expect(named).toEqual(expected);
  });
});

describe("colour labels of a picture", () => {
  it("labels a one-colour picture with that colour alone", async () => {
    expect(await colorLabelsOfFile(await solidImage(400, 300, "#1d4ed8"))).toEqual(["blue"]);
  });

  it("keeps every colour that covers a fair share, most covered first", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#facc15"/><rect width="400" height="140" fill="#1d4ed8"/></svg>`;
    expect(await colorLabelsOfFile(await sharp(Buffer.from(svg)).png().toBuffer())).toEqual(["yellow", "blue"]);
    expect(await colorLabelsOfFile(await splitImage(600, 400, "#050505", "#fbfbfb"))).toEqual(expect.arrayContaining(["black", "white"]));
  });

  it("leaves out a colour that covers only a speck of the picture", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#808080"/><rect width="40" height="40" fill="#d62828"/></svg>`;
    expect(await colorLabelsOfFile(await sharp(Buffer.from(svg)).png().toBuffer())).toEqual(["gray"]);
  });
});
