/**
 * A data folder the local host cannot start on (a damaged database or accounts file): its message
 * says what is wrong and what to do, and main.ts prints it without a stack trace.
 */
export class DataFolderFault extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFolderFault';
  }
}
