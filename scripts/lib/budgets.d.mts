export declare const HOME_INITIAL_JS_BUDGET_KB: number;
export declare const HOME_INITIAL_JS_GOAL_KB: number;
