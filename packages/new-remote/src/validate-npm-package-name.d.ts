// The package ships no types; this is the part of its API new-remote calls.
declare module 'validate-npm-package-name' {
  interface Verdict {
    validForNewPackages: boolean;
    validForOldPackages: boolean;
    errors?: string[];
    warnings?: string[];
  }
  export default function validate(name: string): Verdict;
}
