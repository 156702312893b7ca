/**
 * The ad import's record reader (`readRecords`, Papa Parse underneath): every record's first line
 * number whatever the line breaks, the preamble read apart from the table, and broken quoting
 * refused at its line.
 */
import { describe, expect, it } from "vitest";
import { readRecords } from "~/ads/import/read.server";
import { refusalOf } from "../support/ad-exports";

const lines = (records: { line: number; cells: string[] }[]) => records.map((record) => [record.line, record.cells[0]]);

describe("readRecords", () => {
  it("numbers records by their first line: blank lines skipped, quoted line breaks counted", async () => {
    const text = 'Campaign,Notes\nA,"two\nlines"\n\nB,plain\n"C","three\n\nlines"\nD,x';
    expect(lines(await readRecords(text, ","))).toEqual([
      [1, "Campaign"],
      [2, "A"],
      [5, "B"],
      [6, "C"],
      [9, "D"],
    ]);
    expect((await readRecords(text, ","))[1]!.cells[1]).toBe("two\nlines");
  });

  it("reads CRLF, lone CR and mixed line breaks alike", async () => {
    const expected = [
      [1, "Campaign"],
      [2, "A"],
      [3, "B"],
      [4, "C"],
    ];
    for (const text of [
      "Campaign,Clicks\r\nA,1\r\nB,2\r\nC,3\r\n",
      "Campaign,Clicks\rA,1\rB,2\rC,3",
      "Campaign,Clicks\r\nA,1\nB,2\r\nC,3\n",
    ]) {
      const records = await readRecords(text, ",");
      expect(lines(records), JSON.stringify(text)).toEqual(expected);
      expect(records.map((record) => record.cells.at(-1))).toEqual(["Clicks", "1", "2", "3"]);
    }
  });

  it("reads the preamble apart: a stray quote in a title line does not swallow the table", async () => {
    const text = 'Campaign report "May\nMay 1, 2026 - May 31, 2026\nCampaign;Clicks\nA;1\nB;2\n';
    const records = await readRecords(text, ";", 3);
    expect(lines(records)).toEqual([
      [1, 'Campaign report "May'],
      [2, "May 1, 2026 - May 31, 2026"],
      [3, "Campaign"],
      [4, "A"],
      [5, "B"],
    ]);
  });

  it('keeps quotes inside an unquoted cell as they are (5" screens)', async () => {
    const records = await readRecords('Keyword,Clicks\n5" screen,2\n', ",");
    expect(records[1]!.cells).toEqual(['5" screen', "2"]);
  });

  it("keeps a cell whose quote closes mid-cell as written, and refuses a quote left open at its line", async () => {
    const inside = await readRecords('Campaign,Clicks\nA,1\nB,"2\n3"\n"C"x,3\n"D",4\n', ",");
    expect(inside.map((record) => [record.line, ...record.cells])).toEqual([
      [1, "Campaign", "Clicks"],
      [2, "A", "1"],
      [3, "B", "2\n3"],
      [5, '"C"x', "3"],
      [6, "D", "4"],
    ]);
    const open = await refusalOf(() => readRecords('Campaign,Clicks\nA,1\n"B,2\nC,3\n', ","));
    expect(open).toMatchObject({ code: "ads.import.badCsv", params: { line: 3 } });
  });

  it("stops at the row limit with the line of the first row too many, and reports progress", async () => {
    const text = `Campaign,Clicks\n${Array.from({ length: 12_000 }, (_, i) => `C${i},${i}`).join("\n")}\n`;
    const progress: number[] = [];
    const all = await readRecords(text, ",", 1, { onProgress: (rows) => progress.push(rows) });
    expect(all).toHaveLength(12_001);
    expect(progress).toEqual([4_999, 9_999, 12_000]);
    const refused = await refusalOf(() => readRecords(text, ",", 1, { maxRows: 10_000 }));
    expect(refused).toMatchObject({ code: "ads.import.tooManyRows", params: { line: 10_002, max: 10_000 } });
  });
});
