/**
 * DATA_DIR holds the database, the JWT secret, password-reset mail and members' media: nothing
 * in it is for other accounts on the machine. Everything the server creates there is made with
 * these modes (given at creation, so no file is ever readable by others, not even for a moment;
 * a directory the operator made already keeps the mode they gave it).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
