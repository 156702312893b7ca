// Types for snowball-stemmers 0.6.0 (the package ships none): Snowball stemmers by language name.
declare module "snowball-stemmers" {
  export interface Stemmer {
    stem(word: string): string;
  }
  export function newStemmer(language: string): Stemmer;
  export function algorithms(): string[];
}
