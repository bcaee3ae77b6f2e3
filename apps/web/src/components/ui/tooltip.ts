import '@mantine/core/styles/Tooltip.css';

// Mantine's Tooltip with its stylesheet, for LazyTooltip's import.
export { Tooltip } from '@mantine/core';
