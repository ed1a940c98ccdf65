export declare const ICON_SIZE: number;
export declare function renderIcon(source?: string, target?: string): Promise<void>;
